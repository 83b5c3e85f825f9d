//! Parallel bit extract/deposit (`pext`/`pdep`), with the BMI2 instructions
//! when the CPU has them (detected at run time) and portable loops otherwise.

/// Gathers the bits of `x` selected by `mask` into the low bits.
#[inline]
pub fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("bmi2") {
            // SAFETY: the CPU supports BMI2 (checked just above).
            return unsafe { pext_bmi2(x, mask) };
        }
    }
    pext_soft(x, mask)
}

/// Scatters the low bits of `x` to the positions of `mask`.
#[inline]
pub fn pdep(x: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("bmi2") {
            // SAFETY: the CPU supports BMI2 (checked just above).
            return unsafe { pdep_bmi2(x, mask) };
        }
    }
    pdep_soft(x, mask)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pext_bmi2(x: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pext_u64(x, mask)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pdep_bmi2(x: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pdep_u64(x, mask)
}

/// Portable `pext`.
pub fn pext_soft(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1u64;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        mask ^= low;
    }
    out
}

/// Portable `pdep`.
pub fn pdep_soft(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1u64;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & bit != 0 {
            out |= low;
        }
        bit <<= 1;
        mask ^= low;
    }
    out
}

/// Number of cards in a set.
#[inline]
pub(crate) fn len(x: u64) -> u32 {
    x.count_ones()
}

/// The highest card of a set (0 for none).
#[inline]
pub(crate) fn top_bit(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1u64 << (63 - x.leading_zeros())
    }
}

/// The lowest card of a set (0 for none).
#[inline]
pub(crate) fn bottom_bit(x: u64) -> u64 {
    x & x.wrapping_neg()
}

/// Tricks the trumps `mine` of one hand surely win against the trumps
/// `theirs` of the two opponents: every card of `mine` falls in a trick of
/// its own, and such a trick is lost only to a higher trump of theirs, each
/// of which wins one trick at most. So the hand wins its count less the
/// largest matching of their trumps to lower ones of its own. Returns the
/// count and whether it relied on ranks (more than the lengths alone give).
#[inline]
pub(crate) fn trump_tricks(mine: u64, theirs: u64) -> (u32, bool) {
    let n = len(mine);
    if n == 0 {
        return (0, false);
    }
    let by_length = n.saturating_sub(len(theirs));
    // Their trumps below our lowest never beat one of ours.
    let low = bottom_bit(mine);
    let above = theirs & !(low - 1);
    if above == theirs && top_bit(mine) < bottom_bit(above) {
        // All of theirs above all of ours: lengths only.
        return (by_length, false);
    }
    let mut bits = mine | above;
    let mut open = 0u32;
    let mut pairs = 0u32;
    while bits != 0 {
        let b = bottom_bit(bits);
        bits ^= b;
        if b & mine != 0 {
            open += 1;
        } else if open > 0 {
            open -= 1;
            pairs += 1;
        }
    }
    let t = n - pairs;
    (t, t > by_length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trump_tricks_match_lower_trumps_only() {
        // J654 against K9 and 2 (ranks as bit positions): the 2 beats none.
        let mine = 1 << 9 | 1 << 4 | 1 << 3 | 1 << 2;
        let theirs = 1 << 11 | 1 << 7 | 1;
        assert_eq!(trump_tricks(mine, theirs), (2, true));
        // Every one of theirs above: lengths only.
        assert_eq!(trump_tricks(1 << 2 | 1 << 3, 1 << 9), (1, false));
        assert_eq!(trump_tricks(0, 1), (0, false));
        assert_eq!(trump_tricks(1 << 5, 1 << 9 | 1 << 10), (0, false));
    }

    #[test]
    fn hardware_and_portable_agree() {
        let mut r = crate::rng::Rng::new(9);
        for _ in 0..1000 {
            let (x, m) = (r.next_u64(), r.next_u64() & r.next_u64());
            assert_eq!(pext(x, m), pext_soft(x, m));
            assert_eq!(pdep(x, m), pdep_soft(x, m));
            assert_eq!(pdep(pext(x, m), m), x & m);
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

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

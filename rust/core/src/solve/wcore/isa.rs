//! The instruction sets the whist core's search is compiled for: once for
//! any x86-64 (or other) processor, and once, on x86-64, for the x86-64-v3
//! level (BMI1, BMI2, LZCNT, AVX2), chosen when the search starts by what
//! the processor reports (`Switches::wide_isa` turns the choice off). The
//! search is one generic body ([`super::search::Search`]); each instruction
//! set instantiates it behind its own recursive entry (`super::entry`), whose
//! target features every function inlined into it shares.

/// What the search needs of an instruction set beyond plain integer code.
pub(crate) trait Isa: Copy {
    /// Gathers the bits of `x` selected by `mask` into the low bits.
    fn pext(x: u64, mask: u64) -> u64;
    /// Scatters the low bits of `x` to the positions of `mask`.
    fn pdep(x: u64, mask: u64) -> u64;
}

/// Any processor: `pext`/`pdep` through the run-time dispatch of
/// [`crate::solve::bits`].
#[derive(Copy, Clone, Debug)]
pub(crate) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn pext(x: u64, mask: u64) -> u64 {
        crate::solve::bits::pext(x, mask)
    }
    #[inline(always)]
    fn pdep(x: u64, mask: u64) -> u64 {
        crate::solve::bits::pdep(x, mask)
    }
}

/// The x86-64-v3 level. Only [`V3::detect`] makes one, on a processor
/// that has the level's instructions.
#[cfg(target_arch = "x86_64")]
#[derive(Copy, Clone, Debug)]
pub(crate) struct V3(());

#[cfg(target_arch = "x86_64")]
impl V3 {
    /// The level, when this processor has it.
    pub fn detect() -> Option<V3> {
        let ok = std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("avx2");
        ok.then_some(V3(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Isa for V3 {
    #[inline(always)]
    fn pext(x: u64, mask: u64) -> u64 {
        // SAFETY: a `V3` exists only where the processor has BMI2.
        unsafe { std::arch::x86_64::_pext_u64(x, mask) }
    }
    #[inline(always)]
    fn pdep(x: u64, mask: u64) -> u64 {
        // SAFETY: as above.
        unsafe { std::arch::x86_64::_pdep_u64(x, mask) }
    }
}

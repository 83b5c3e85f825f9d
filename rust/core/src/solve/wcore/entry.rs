//! Each instruction set's recursive entry into the search: the one generic
//! body ([`Search::node`]) instantiated behind an `#[inline(never)]`
//! function per instruction set, so that every function inlined into it
//! takes that set's target features (`pext` and `pdep` inline on
//! x86-64-v3).

use super::isa::Portable;
#[cfg(target_arch = "x86_64")]
use super::isa::V3;
use super::search::{Answer, Descend, Search};

impl Descend for Search<'_, Portable> {
    #[inline(always)]
    fn descend(&mut self, d: usize, beta: i32) -> Answer {
        self.descend_portable(d, beta)
    }
}

impl Search<'_, Portable> {
    #[inline(never)]
    fn descend_portable(&mut self, d: usize, beta: i32) -> Answer {
        self.node(d, beta)
    }
}

#[cfg(target_arch = "x86_64")]
impl Descend for Search<'_, V3> {
    #[inline(always)]
    fn descend(&mut self, d: usize, beta: i32) -> Answer {
        // SAFETY: a `Search<V3>` holds a `V3`, made only where the
        // processor has the level's instructions.
        unsafe { self.descend_v3(d, beta) }
    }
}

#[cfg(target_arch = "x86_64")]
impl Search<'_, V3> {
    #[target_feature(enable = "bmi1,bmi2,lzcnt,popcnt,avx,avx2")]
    #[inline(never)]
    unsafe fn descend_v3(&mut self, d: usize, beta: i32) -> Answer {
        self.node(d, beta)
    }
}

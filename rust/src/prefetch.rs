//! Prefetch hints to the processor: they change no value and cannot fault.

/// Ask the processor to start loading the `len` bytes at `p`.
#[inline(always)]
pub(crate) fn prefetch_bytes(p: *const u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    for off in (0..len).step_by(64) {
        // SAFETY: a prefetch reads nothing into the program and cannot fault, whatever the
        // address; `wrapping_add` forms the address without claiming it is in bounds.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.wrapping_add(off) as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (p, len);
}

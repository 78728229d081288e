//! One switch for the SIMD code paths: `cfg(simd)` is set on x86_64 (SSE2 is part of its
//! baseline) unless the `scalar` feature asks for the portable paths that every other target
//! (aarch64, and anything else a wheel is built for) compiles. With `scalar` those paths are
//! built and tested on x86_64 too; the tests compare them with the SSE2 ones either way.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(simd)");
    let x86_64 = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "x86_64");
    let scalar = std::env::var_os("CARGO_FEATURE_SCALAR").is_some();
    if x86_64 && !scalar {
        println!("cargo::rustc-cfg=simd");
    }
}

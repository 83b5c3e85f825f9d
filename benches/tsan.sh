#!/usr/bin/env bash
# The engine's threaded tests under ThreadSanitizer: the shared tables (eight threads
# storing and probing), the parallel solves (1, 2 and 4 threads, limits, stop flags),
# the whole-hand review on threads, the pools and the threaded play-outs.
#
# Needs the nightly toolchain with its sources (`rustup toolchain install nightly
# --component rust-src`). Prints the tests' results; any data race stops the run with
# ThreadSanitizer's report and a non-zero exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
target=$(rustc -vV | sed -n 's/^host: //p')
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target/tsan}"
# A test asks for more memory than exists on purpose (the shared table must refuse it):
# the sanitizer's allocator returns null there as the system's does.
export TSAN_OPTIONS="halt_on_error=1 allocator_may_return_null=1"
RUSTFLAGS="-Zsanitizer=thread" cargo +nightly test -Zbuild-std --target "$target" --release \
    -p hukm-core --lib -- \
    solve::parallel solve::shared solve::wcore::shared pool registry::review games::twenty_eight::dd::solver \
    playouts_do_not_depend_on_threads

#!/bin/sh
# run.sh SOURCE_DIR BUILD_DIR - the sanitizer step (docs/hardening.md, "Sanitizers"): configure
# and build everything with -DRCOSIM_SANITIZE=ON in BUILD_DIR, then run the unit tests and the
# smoke suite there; any AddressSanitizer or UndefinedBehaviorSanitizer report fails its test.
set -eu
src=$1; bld=$2
launcher=""
command -v ccache >/dev/null 2>&1 && launcher="-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DRCOSIM_SANITIZE=ON $launcher >/dev/null
cmake --build "$bld" -j "$(nproc)"
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$bld" -j "$(nproc)" -L smoke -E '^(fuzz|sanitize)\.' --output-on-failure

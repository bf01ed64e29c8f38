#!/bin/sh
# build.sh CLANG SOURCE_DIR BUILD_DIR OUT_DIR - builds the libFuzzer targets (tests/fuzz/) with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer; needs the main build's generated
# sources (gen/r5xx_cp, regdb/).  Exit 0 and "built" or a non-zero status.
set -eu
cc=$1; src=$2; bld=$3; out=$4
mkdir -p "$out"
# Skip (CTest code 77) where clang or its fuzzer runtime (Debian: libclang-rt-*-dev) is missing.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }\n' > "$probe/p.c"
if [ -z "$cc" ] || ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" 2>/dev/null; then
  echo "SKIP: no clang with the libFuzzer runtime ('$cc')"
  exit 77
fi
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -std=gnu11 -w"
inc="-I$src/bridge -I$src/model/r5xx/cp -I$bld/gen/r5xx_cp -I$src/model/regdb -I$src/tests/fuzz"
bridge="$src/bridge/rc_vector.c $src/bridge/rc_args.c $src/bridge/rc_engine.c $src/bridge/rc_fastrun.c \
        $src/bridge/rc_loop.c $src/bridge/rc_cycle.c $src/bridge/rc_compare.c $src/bridge/rc_report.c $src/bridge/rc_policy.c \
        $src/bridge/rc_mthread.c $src/bridge/rc_images.c $src/bridge/rc_session.c $src/bridge/rc_mem.c \
        $src/bridge/rc_wave.c $src/bridge/rc_png.c"
cp="$bld/gen/r5xx_cp/r5xx_cp_desc.c $src/model/r5xx/cp/cp_model.c $src/model/r5xx/cp/cp_stim.c \
    $src/tests/fuzz/fuzz_stubs.c"
libs="-lz -lpng -lm"
$cc $flags $inc -o "$out/fuzz_vector" $src/tests/fuzz/fuzz_vector.c $bridge $cp $libs
$cc $flags $inc -DFUZZ_GZ -o "$out/fuzz_vector_gz" $src/tests/fuzz/fuzz_vector.c $bridge $cp $libs
$cc $flags $inc -o "$out/fuzz_cp_pm4" $src/tests/fuzz/fuzz_cp_pm4.c $bridge $cp $libs
$cc $flags $inc -o "$out/fuzz_regdb" $src/tests/fuzz/fuzz_regdb.c $src/model/regdb/regdb.c $bld/regdb/rdb_*.c
echo built

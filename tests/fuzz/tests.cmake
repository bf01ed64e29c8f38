# ---- fuzzing (docs/hardening.md, "Fuzzing"): libFuzzer targets built with clang ---------------
# fuzz.build compiles them (skipped, code 77, where clang or its fuzzer runtime is missing); each
# target then runs a few seconds on a seed corpus made from the shipped vectors.  Long runs:
#   tests/fuzz/run_fuzz.py build/fuzz . fuzz_vector 600
find_program(RCOSIM_CLANG NAMES clang clang-16 clang-15 clang-14)
if(NOT RCOSIM_CLANG)
  set(RCOSIM_CLANG "")
endif()
add_test(NAME fuzz.build COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/build.sh "${RCOSIM_CLANG}"
         ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR} ${CMAKE_BINARY_DIR}/fuzz)
set_tests_properties(fuzz.build PROPERTIES LABELS "fuzz" SKIP_RETURN_CODE 77 FIXTURES_SETUP fuzz_bin)
foreach(target fuzz_vector fuzz_vector_gz fuzz_regdb fuzz_cp_pm4)
  add_test(NAME fuzz.${target} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run_fuzz.py
           ${CMAKE_BINARY_DIR}/fuzz ${PROJECT_SOURCE_DIR} ${target} 5)
  set_tests_properties(fuzz.${target} PROPERTIES LABELS "fuzz" SKIP_RETURN_CODE 77 FIXTURES_REQUIRED fuzz_bin
                       RUN_SERIAL TRUE)
endforeach()

# ---- sanitizers (docs/hardening.md, "Sanitizers"): the unit tests and the smoke suite built with
# AddressSanitizer + UndefinedBehaviorSanitizer in BUILD-asan.  A sanitizer build of every block
# takes far longer than CI allows on 2 cores, so the test exists only when asked for:
#   cmake -B build -DRCOSIM_SANITIZE_TEST=ON && ctest --test-dir build -L sanitize
option(RCOSIM_SANITIZE_TEST "register the sanitize.smoke test (a full ASan+UBSan build)" OFF)
if(RCOSIM_SANITIZE_TEST AND NOT RCOSIM_SANITIZE)
  add_test(NAME sanitize.smoke COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/sanitize/run.sh ${PROJECT_SOURCE_DIR}
           ${CMAKE_BINARY_DIR}-asan)
  set_tests_properties(sanitize.smoke PROPERTIES LABELS "sanitize;nightly" TIMEOUT 7200 RUN_SERIAL TRUE)
endif()

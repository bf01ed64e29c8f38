# ---- sanitizers (docs/hardening.md, "Sanitizers") -------------------------------------------
# The CI step, label 'sanitize' (RCOSIM_SANITIZE_OWN=ON, the default; cmake/rcosim.cmake): our code
# (bridge/, model/, the register database, the CLI, the generated shims) built with ASan+UBSan and
# linked with the plain Verilated libraries, as rcosim_san and <test>_san.  The cmocka unit tests
# (sanitize.<test>, registered by rcosim_add_cmocka_test) and, here, the smoke regression and the
# malformed-input cases run under it; any report fails the test (halt_on_error, a distinct exit code).
if(RCOSIM_SAN)
  set(RCOSIM_SAN_ENV "ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0"
                     "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86")
  # rcosim_san really is instrumented (a build that silently lost the flags would pass everything).
  add_test(NAME sanitize.instrumented COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/sanitize/san_test.py
           $<TARGET_FILE:rcosim_san> ${PROJECT_SOURCE_DIR} instrumented)
  # The smoke regression (every shipped vector, the smoke random runs of every block) under the
  # sanitizers: every run passes and no run reports anything.
  add_test(NAME sanitize.regress_smoke COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/sanitize/san_test.py
           $<TARGET_FILE:rcosim_san> ${PROJECT_SOURCE_DIR} regress_smoke ${CMAKE_BINARY_DIR}/sanitize-regress)
  set_tests_properties(sanitize.instrumented sanitize.regress_smoke PROPERTIES LABELS "sanitize"
                       ENVIRONMENT "${RCOSIM_SAN_ENV};PYTHONDONTWRITEBYTECODE=1")
  set_tests_properties(sanitize.regress_smoke PROPERTIES TIMEOUT 900 RUN_SERIAL TRUE)
  # The error paths (the malformed-input suite, PNG and bundle outputs, deep paths, a huge PAINT):
  # where leaks hide.
  foreach(case malformed png_fails deep_paths huge_paint)
    add_test(NAME sanitize.harden.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/harden/harden_test.py
             $<TARGET_FILE:rcosim_san> ${PROJECT_SOURCE_DIR} ${case})
    set_tests_properties(sanitize.harden.${case} PROPERTIES LABELS "sanitize"
                         ENVIRONMENT "${RCOSIM_SAN_ENV};PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()

# The full build (everything, Verilator's generated C++ and runtime included, -DRCOSIM_SANITIZE=ON)
# takes far longer than CI allows on 2 cores, so its test exists only when asked for:
#   cmake -B build -DRCOSIM_SANITIZE_TEST=ON && ctest --test-dir build -L sanitize-full
option(RCOSIM_SANITIZE_TEST "register the sanitize.full test (a full ASan+UBSan build)" OFF)
if(RCOSIM_SANITIZE_TEST AND NOT RCOSIM_SANITIZE)
  add_test(NAME sanitize.full COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/sanitize/run.sh ${PROJECT_SOURCE_DIR}
           ${CMAKE_BINARY_DIR}-asan)
  set_tests_properties(sanitize.full PROPERTIES LABELS "sanitize-full;nightly" TIMEOUT 7200 RUN_SERIAL TRUE)
endif()

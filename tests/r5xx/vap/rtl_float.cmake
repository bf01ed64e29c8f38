# r5xx.vap RTL arithmetic against the host FPU (tests/vap/rtl_float_check.cpp): the float units
# of rtl/r5xx/vap verilated with a small wrapper, checked on a million random operand pairs and
# exhaustively where the input space is small.  Included from tests/vap/tests.cmake.
set(vap_float_rtl ${PROJECT_SOURCE_DIR}/rtl/r5xx/vap)
add_executable(test_vap_float ${CMAKE_CURRENT_LIST_DIR}/rtl_float_check.cpp)
# the host arithmetic must be plain binary32 operations: no fused multiply-add
target_compile_options(test_vap_float PRIVATE -ffp-contract=off)
verilate(test_vap_float
  PREFIX Vr5xx_vap_float_tb
  TOP_MODULE r5xx_vap_float_tb
  DIRECTORY ${CMAKE_BINARY_DIR}/verilated/r5xx_vap_float_tb
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/r5xx_vap_float_tb.sv
          ${PROJECT_SOURCE_DIR}/rtl/prim/prim_fmul.sv ${PROJECT_SOURCE_DIR}/rtl/prim/prim_fadd.sv
          ${vap_float_rtl}/r5xx_vap_qdiv.sv ${vap_float_rtl}/r5xx_vap_h2f.sv
          ${vap_float_rtl}/r5xx_vap_fix.sv ${PROJECT_SOURCE_DIR}/rtl/prim/prim_fround.sv
  VERILATOR_ARGS -Wall -O3)
add_test(NAME vap.rtl_float COMMAND test_vap_float 1000000 1)
set_tests_properties(vap.rtl_float PROPERTIES LABELS "r5xx;r5xx.vap;vap;smoke")
# the check of the check: one flipped expectation must be reported, exactly
add_test(NAME vap.rtl_float_inject COMMAND test_vap_float 1000 1 --inject)
set_tests_properties(vap.rtl_float_inject PROPERTIES LABELS "r5xx;r5xx.vap;vap;smoke"
  PASS_REGULAR_EXPRESSION "MISMATCH fmul ca752d6e 09982f0d: rtl 9491c009, expected 9491c008\n.*: 1170360 results checked, 1 differ")

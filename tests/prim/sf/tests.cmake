# prim.sf: the shader float shared by the r5xx PVS and US (docs/float.md).  Included from
# tests/CMakeLists.txt.
#   test_sf_model      cmocka: the C twin on hand-computed patterns of every rule
#   test_prim_sf_rtl   Verilated prim_sf_all (every rtl/prim/prim_sf_* op side by side) against
#                      the C twin: special classes, seeded random, exhaustive sweeps, --inject
#   test_prim_sf_ulp   the C twin against the host FPU (add/mul in FE_TOWARDZERO) and libm (ULP table)
#   prim.sf.icarus*    the same RTL under Icarus Verilog against the C results
#   prim.sf.tables     the generated tables are current (scripts/blocks/prim_sf_tables.py --check)
set(sf_dir ${CMAKE_CURRENT_LIST_DIR})
set(sf_labels "prim;prim.sf")

rcosim_add_cmocka_test(NAME test_sf_model SOURCES ${sf_dir}/test_sf_model.c LIBS rcosim_prim_model
                       LABELS "prim;prim.sf;smoke")

file(GLOB sf_rtl CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/prim/prim_sf_*.sv)
add_executable(test_prim_sf_rtl ${sf_dir}/sf_rtl_test.cpp)
target_link_libraries(test_prim_sf_rtl PRIVATE rcosim_prim_model)
verilate(test_prim_sf_rtl
  PREFIX Vprim_sf_all
  TOP_MODULE prim_sf_all
  DIRECTORY ${CMAKE_BINARY_DIR}/verilated/prim_sf_all
  SOURCES ${sf_dir}/prim_sf_all.sv ${sf_rtl}
  VERILATOR_ARGS -Wall -O3)

add_test(NAME prim.sf.classes COMMAND test_prim_sf_rtl classes)
set_tests_properties(prim.sf.classes PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "PASS sf classes: 73984 input sets, 1257728 comparisons, 0 mismatches")
# at least 1,000,000 seeded random input sets, every op on each
add_test(NAME prim.sf.random COMMAND test_prim_sf_rtl random 1000000 20261126)
set_tests_properties(prim.sf.random PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "seed 20261126.*PASS sf random: 1000000 input sets, 17000000 comparisons, 0 mismatches")
# the check of the check: one flipped RTL result bit must be reported, exactly once
# (comparison 778 = the 13th op, sqrt, of input set 46)
add_test(NAME prim.sf.inject COMMAND test_prim_sf_rtl random 1000 3 --inject 778)
set_tests_properties(prim.sf.inject PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "MISMATCH op=sqrt a=3effffff b=00000000 c=00000000 rtl=3f3504f3 c_model=3f3504f2\nFAIL sf random: 1000 input sets, 17000 comparisons, 1 mismatches")
# exhaustive: all 2^23 fractions, both signs, of [1,2) and [0.5,1) (rcp/rsq/sqrt both exponent
# parities, lg2 both paths, ex2, sin/cos), of [64,128) (ex2 near overflow) and of [2^-12, 2^-10)
# (the sin tiny-path edge)
if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake)
foreach(e 126 127 133 115 116)
  add_test(NAME prim.sf.sweep_${e} COMMAND test_prim_sf_rtl sweep ${e})
  set_tests_properties(prim.sf.sweep_${e} PROPERTIES LABELS "${sf_labels};nightly"
    PASS_REGULAR_EXPRESSION "PASS sf sweep: 16777216 input sets, 285212672 comparisons, 0 mismatches")
endforeach()
endif()

add_executable(test_prim_sf_ulp ${sf_dir}/sf_ulp.c)
target_link_libraries(test_prim_sf_ulp PRIVATE rcosim_prim_model m)
target_compile_options(test_prim_sf_ulp PRIVATE ${RCOSIM_WARNINGS} -ffp-contract=off)
add_test(NAME prim.sf.ulp COMMAND test_prim_sf_ulp 1000000 1)
set_tests_properties(prim.sf.ulp PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "PASS sf_ulp: add/mul RZ differences 0, bounds kept")

find_program(RCOSIM_IVERILOG iverilog)
if(RCOSIM_IVERILOG)
  add_test(NAME prim.sf.icarus COMMAND ${Python3_EXECUTABLE} ${sf_dir}/icarus_run.py
           $<TARGET_FILE:test_prim_sf_rtl> ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/prim_sf_icarus 300 11 classes)
  set_tests_properties(prim.sf.icarus PROPERTIES LABELS "${sf_labels};icarus;nightly"
    PASS_REGULAR_EXPRESSION "PASS sf icarus: 4924 input sets, 83708 comparisons, 0 mismatches")
  add_test(NAME prim.sf.icarus_inject COMMAND ${Python3_EXECUTABLE} ${sf_dir}/icarus_run.py
           $<TARGET_FILE:test_prim_sf_rtl> ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/prim_sf_icarus_inject 40 11 --inject 98)
  set_tests_properties(prim.sf.icarus_inject PROPERTIES LABELS "${sf_labels};icarus;nightly"
    PASS_REGULAR_EXPRESSION "MISMATCH op=sqrt .*\nFAIL sf icarus: 40 input sets, 680 comparisons, 1 mismatches")
endif()

add_test(NAME prim.sf.tables COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/prim_sf_tables.py --check)
set_tests_properties(prim.sf.tables PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "prim_sf_tables: tables current")
# the check of that check: an altered coefficient (C header, SV ROM) in a copy is reported
add_test(NAME prim.sf.tables_catch COMMAND ${Python3_EXECUTABLE} ${sf_dir}/tables_test.py ${PROJECT_SOURCE_DIR})
set_tests_properties(prim.sf.tables_catch PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "PASS sf tables check catches")
# the check of the RZ comparison: one add result off by one ulp is reported
add_test(NAME prim.sf.ulp_inject COMMAND test_prim_sf_ulp 10000 1 --inject)
set_tests_properties(prim.sf.ulp_inject PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "RZ MISMATCH a=9263e119 b=08dc2dee\n.*40000 operand pairs.*, 1 differ")

# ---- an independent reference (scripts/blocks/prim_sf_ref.py, written from docs/float.md alone)
# against the C twin: sf_ref_check.py compiles model/prim/*.c + sf_ref_drv.c with gcc at test time.
# The 1,000,000-operation run takes about 20 s of CPU; the smoke run 100,000.
add_test(NAME prim.sf.ref COMMAND ${Python3_EXECUTABLE} ${sf_dir}/sf_ref_check.py ${PROJECT_SOURCE_DIR}
         classes random 1000000 20261126)
set_tests_properties(prim.sf.ref PROPERTIES LABELS "${sf_labels}" TIMEOUT 600
  PASS_REGULAR_EXPRESSION "seed 20261126.*0 coefficients differ.*PASS sf ref: 1191592 operations, 0 mismatches")
add_test(NAME prim.sf.ref_smoke COMMAND ${Python3_EXECUTABLE} ${sf_dir}/sf_ref_check.py ${PROJECT_SOURCE_DIR}
         classes random 100000 7)
set_tests_properties(prim.sf.ref_smoke PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "seed 7.*PASS sf ref: 291592 operations, 0 mismatches")
# the check of the check: bit 0 of the driver's result 1250 (from 0; a sqrt) flipped must be reported, exactly once
add_test(NAME prim.sf.ref_inject COMMAND ${Python3_EXECUTABLE} ${sf_dir}/sf_ref_check.py ${PROJECT_SOURCE_DIR}
         random 2000 5 --flip 1250)
set_tests_properties(prim.sf.ref_inject PROPERTIES LABELS "${sf_labels};smoke"
  PASS_REGULAR_EXPRESSION "MISMATCH random op=sqrt in=3cb10b1e ref=3e16899d c=3e16899c\nsf ref: random: 2000 operations, 1 mismatches.*FAIL sf ref: 2000 operations, 1 mismatches")
# nightly: 5,000,000 more random operations with another seed (about 2 min CPU)
if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake)
add_test(NAME prim.sf.ref_nightly COMMAND ${Python3_EXECUTABLE} ${sf_dir}/sf_ref_check.py ${PROJECT_SOURCE_DIR}
         random 5000000 1126)
set_tests_properties(prim.sf.ref_nightly PROPERTIES LABELS "${sf_labels};nightly" TIMEOUT 1800
  PASS_REGULAR_EXPRESSION "seed 1126.*PASS sf ref: 5000000 operations, 0 mismatches")
endif()

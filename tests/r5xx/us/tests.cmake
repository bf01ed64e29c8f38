# ---- r5xx.us: the R500 fragment shader (docs/blocks/r5xx.us.md) ---------------------------------
# The inline float, the loader, the window, a literal instruction and the disassembly (cmocka).
rcosim_add_cmocka_test(NAME test_r5xx_us_isa SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_us_isa.c LIBS rcosim_blocks m
                       LABELS "r5xx;r5xx.us;smoke")
# Every vector under vectors/r5xx/us runs in lockstep and replay by the rule of tests/CMakeLists.txt.
# Fault injection on both sides (the report names channel, field, quad and the OUT instruction's pc,
# which scripts/blocks/r5xx_us_disasm.py decodes), the same run passing without it, the stimulus
# files current, the random program generator's coverage of the ISA.
foreach(case fault_rtl fault_rtl_tex fault_model fault_needs_compare fault_features stim_current coverage)
  add_test(NAME r5xx.us.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/r5xx/us/us_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.us.${case} PROPERTIES LABELS "r5xx;r5xx.us;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# A short seeded random run in the smoke set.
add_test(NAME r5xx.us.random_smoke COMMAND rcosim run --block r5xx.us --count 3000 --seed 7 --backpressure random:0.5)
set_tests_properties(r5xx.us.random_smoke PROPERTIES LABELS "r5xx;r5xx.us;smoke"
                     PASS_REGULAR_EXPRESSION "PASS r5xx.us random count 3000: [0-9]+ cycles, rtl vs model exact"
                     FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
# Seeded random programs and quads in exact lockstep, at least 1,000,000 cycles under every
# back-pressure policy (about 16-23 cycles a quad; 60,000 quads measured 1,002,885 cycles under always).
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.us.${pname}
           COMMAND rcosim run --block r5xx.us --count 64000 --seed 2401 --backpressure ${policy})
  set_tests_properties(random.r5xx.us.${pname} PROPERTIES LABELS "random;r5xx;r5xx.us;nightly"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.us random count 64000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The second, independent reference (scripts/blocks/r5xx_us_ref.py, written from the block's document
# alone, arithmetic from scripts/blocks/prim_sf_ref.py) against every golden vector (their texture
# requests and frag records in order) and against seeded random vectors from rcosim gen; ref_catches
# proves the comparison fails on a vector with one expected colour bit, or one coordinate bit, changed.
file(GLOB _us_ref_vecs ${PROJECT_SOURCE_DIR}/vectors/r5xx/us/*.vec)
add_test(NAME r5xx.us.ref_check COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/us_ref_check.py
         ${PROJECT_SOURCE_DIR} check ${_us_ref_vecs})
add_test(NAME r5xx.us.ref_catches COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/us_ref_check.py
         ${PROJECT_SOURCE_DIR} catches ${PROJECT_SOURCE_DIR}/vectors/r5xx/us/xati_composite.vec)
add_test(NAME r5xx.us.ref_random_smoke COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/us_ref_check.py
         ${PROJECT_SOURCE_DIR} random $<TARGET_FILE:rcosim> 7 2000)
add_test(NAME r5xx.us.ref_limits COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/us_ref_check.py
         ${PROJECT_SOURCE_DIR} limits ${PROJECT_SOURCE_DIR}/vectors/r5xx/us/fc_depth.vec
         ${PROJECT_SOURCE_DIR}/vectors/r5xx/us/out_formats.vec)
foreach(case ref_check ref_catches ref_random_smoke ref_limits)
  # The reference knows the output conversion (US_OUT_FMT/US_W_FMT), the loops (FULL_FC_EN, aL, REL)
  # and DXDY's LOD (docs/blocks/r5xx.us.md, sections "Output conversion", FC step 3a, TEX "DXDY").
  set_tests_properties(r5xx.us.${case} PROPERTIES LABELS "r5xx;r5xx.us;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts"
                       FAIL_REGULAR_EXPRESSION "FAIL")
endforeach()
# Nightly: eight seeds of 25,000 random quads each through the reference, at least 1,000,000
# instructions executed in all (measured about 5.6 instructions a quad: 135,235 for seed 2401's 24,000).
if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake)
add_test(NAME random.r5xx.us.ref COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/us_ref_check.py
         ${PROJECT_SOURCE_DIR} random $<TARGET_FILE:rcosim> 2401,2402,2403,2404,2405,2406,2407,2408 25000 1000000)
set_tests_properties(random.r5xx.us.ref PROPERTIES LABELS "random;r5xx;r5xx.us;nightly" TIMEOUT 7200
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts"
                     FAIL_REGULAR_EXPRESSION "FAIL")
endif()

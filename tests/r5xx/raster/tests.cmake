# ---- r5xx.raster: assembly, setup, scan conversion, interpolation, alpha test (docs/blocks/r5xx.raster.md)
# Included from tests/CMakeLists.txt.  The arithmetic against the seed facts 25 and 31 and the
# block's decisions (cmocka).
rcosim_add_cmocka_test(NAME test_raster_math SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_raster_math.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.raster;smoke")
# A wrong fragment field injected on either side is caught and named; the same run passes without
# it; a wrong expected pixel in a golden vector fails with a report naming the primitive, the pixel
# and the interpolated values; the golden vectors agree with scripts/blocks/r5xx_raster_directed.py's
# independent reference (and so does a seeded random vector, fire cycles included) and their
# stimulus files are current; the random stimulus programs every
# PRIM_TYPE and every value of the enumerated fields.
foreach(case fault_rtl fault_model fault_quad fault_needs_compare wrong_expected directed_check stim_current coverage
             random_reference)
  add_test(NAME r5xx.raster.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/raster_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.raster.${case} PROPERTIES LABELS "r5xx;r5xx.raster;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random vertices in exact lockstep, at least 1,000,000 cycles under each back-pressure policy.
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.raster.${pname}
           COMMAND rcosim run --block r5xx.raster --count 14000 --seed 501 --backpressure ${policy})
  set_tests_properties(random.r5xx.raster.${pname} PROPERTIES LABELS "random;r5xx;nightly;r5xx.raster"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.raster random count 14000: [0-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The second, independent reference of the quad path (scripts/blocks/r5xx_raster_ref.py, written
# from docs/blocks/r5xx.raster.md alone; the doc's "Independent reference of the quad path"):
# every golden vector's quad, zq (and frag without argb) records, seeded random vectors from
# rcosim gen, and proof that a changed expected field (quad channel, zq depth, wseq, prim) fails.
file(GLOB _raster_iref_vecs ${PROJECT_SOURCE_DIR}/vectors/r5xx/raster/*.vec)
add_test(NAME r5xx.raster.iref_vectors COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/raster_iref.py
         ${PROJECT_SOURCE_DIR} vectors ${_raster_iref_vecs})
add_test(NAME r5xx.raster.iref_random COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/raster_iref.py
         ${PROJECT_SOURCE_DIR} random $<TARGET_FILE:rcosim> 2000 3 26 2611)
add_test(NAME r5xx.raster.iref_catches COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/raster_iref.py
         ${PROJECT_SOURCE_DIR} catches ${PROJECT_SOURCE_DIR}/vectors/r5xx/raster/rs_perspective.vec)
foreach(case iref_vectors iref_random iref_catches)
  set_tests_properties(r5xx.raster.${case} PROPERTIES LABELS "r5xx;r5xx.raster;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts" FAIL_REGULAR_EXPRESSION "FAIL|MISSED")
endforeach()

# ---- r5xx.tile: surface address generation (docs/blocks/r5xx.tile.md) -------------------------------
# The address function and the register decoders against the seed facts (cmocka).
rcosim_add_cmocka_test(NAME test_tile_addr SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tile_addr.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.tile;smoke")
# A wrong address, size or flag injected on either side is caught and named; the same run passes
# without it; the golden vectors agree with scripts/blocks/r5xx_tile_directed.py's independent reference and
# their stimulus files are current; the random stimulus programs every enumerated field value.
foreach(case fault_rtl fault_rtl_err fault_model fault_needs_compare directed_check stim_current coverage)
  add_test(NAME r5xx.tile.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tile_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.tile.${case} PROPERTIES LABELS "r5xx;r5xx.tile;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# 1,000,000 seeded random fragments in exact lockstep, every back-pressure policy.
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.tile.${pname}
           COMMAND rcosim run --block r5xx.tile --count 1000000 --seed 307 --backpressure ${policy})
  set_tests_properties(random.r5xx.tile.${pname} PROPERTIES LABELS "random;r5xx;nightly;r5xx.tile"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.tile random count 1000000: [0-9]+ cycles, rtl vs model exact. addr 1000000."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()


# ---- r5xx.cp: the command processor (docs/blocks/r5xx.cp.md) ----
rcosim_add_cmocka_test(NAME test_cp_model SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_cp_model.c LIBS rcosim_blocks LABELS "r5xx;cp;smoke")

# ---- seeded-random lockstep runs of at least 1,000,000 cycles, every back-pressure policy ------
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.cp.${pname}
           COMMAND rcosim run --block r5xx.cp --count 70000 --seed 101 --backpressure ${policy} --mem-latency 1:5)
  # The pass line must report at least 1,000,000 cycles.
  set_tests_properties(random.r5xx.cp.${pname} PROPERTIES LABELS "random;r5xx;r5xx.cp;nightly"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.cp random count 70000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()


# An RTL assertion stops a lockstep run (issue 29): r5xx.cp broken on purpose, tests/harden.
include(${PROJECT_SOURCE_DIR}/tests/harden/assert_stop.cmake)

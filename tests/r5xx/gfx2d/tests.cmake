# ---- r5xx.gfx2d: the 2D engine (docs/blocks/r5xx.gfx2d.md) ---------------------------------------------
# ROP3 against its truth-table definition: all 256 codes x all 8 input combinations (cmocka).
rcosim_add_cmocka_test(NAME test_gfx2d_rop SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gfx2d_rop.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.gfx2d;smoke")
# Fault injection on both sides, the desktop scene, one wrong expected pixel named in the report,
# the golden (and two random) vectors against scripts/blocks/r5xx_gfx2d_directed.py's independent reference,
# the stimulus files current, the README's picture current, the scene and the short misc ring through
# the CP join (the same pixels as the 2D engine's own misc vector).
foreach(case fault_rtl fault_model fault_needs_compare scene wrong_pixel directed_check check_catches trace_names
             stim_current png pm4_scene pm4_fault pm4_misc)
  add_test(NAME r5xx.gfx2d.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/gfx2d_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.gfx2d.${case} PROPERTIES LABELS "r5xx;r5xx.gfx2d;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# 500 seeded random packets per seed in exact lockstep, several seeds and policies (in CI), and
# 20,000 packets nightly.
foreach(cfg "11 random:0.5 1:8" "12 always 1" "13 bursty:16 4:30" "14 random:0.2 1:3" "15 random:0.7 2:12")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 seed)
  list(GET cfg 1 policy)
  list(GET cfg 2 latency)
  add_test(NAME random.r5xx.gfx2d.seed${seed}
           COMMAND rcosim run --block r5xx.gfx2d --count 500 --seed ${seed} --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.r5xx.gfx2d.seed${seed} PROPERTIES LABELS "random;r5xx;nightly;r5xx.gfx2d"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.gfx2d random count 500: [0-9]+ cycles, rtl vs model exact."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The CP joined to the 2D engine (r5xx.pm4_2d): the same random packets as a PM4 ring.
foreach(seed 21 22 23)
  add_test(NAME random.r5xx.pm4_2d.seed${seed}
           COMMAND rcosim run --block r5xx.pm4_2d --count 500 --seed ${seed} --backpressure random:0.5 --mem-latency 1:8)
  set_tests_properties(random.r5xx.pm4_2d.seed${seed} PROPERTIES LABELS "random;r5xx;nightly;r5xx.pm4_2d"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.pm4_2d random count 500: [0-9]+ cycles, rtl vs model exact."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
add_test(NAME random.r5xx.gfx2d.long
         COMMAND rcosim run --block r5xx.gfx2d --count 20000 --seed 501 --backpressure random:0.5 --mem-latency 1:8)
set_tests_properties(random.r5xx.gfx2d.long PROPERTIES LABELS "random;r5xx;nightly;r5xx.gfx2d"
                     PASS_REGULAR_EXPRESSION "PASS r5xx.gfx2d random count 20000: [0-9]+ cycles, rtl vs model exact."
                     FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")


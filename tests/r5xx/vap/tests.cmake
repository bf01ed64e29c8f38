# ---- r5xx.vap: vertex fetch and stream conversion (docs/blocks/r5xx.vap.md) ----------------------------
# The number conversions against hand-computed binary32 patterns and spec fact 30 (cmocka).
rcosim_add_cmocka_test(NAME test_vap_convert SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_vap_convert.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.vap;smoke")
# A wrong component, write mask or fetch address injected on either side is caught and named; the
# same run passes without it; the golden vectors agree with scripts/blocks/r5xx_vap_directed.py's
# independent reference and their stimulus files are current; the random stimulus programs every
# PRIM_TYPE x PRIM_WALK, DATA_TYPE, signed-normalise method, swizzle select and VC_SWAP code; a
# 65,540-vertex draw wraps vtx.vert at 16 bits in lockstep; seeded random vectors agree with the
# independent reference too; a draw short of data dwords is reported as a hang (decision 7).
foreach(case fault_rtl fault_rtl_addr fault_model fault_needs_compare directed_check stim_current coverage
             vert_wrap random_reference short_draw_hangs)
  add_test(NAME r5xx.vap.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/vap_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.vap.${case} PROPERTIES LABELS "r5xx;r5xx.vap;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random draws in exact lockstep, at least 1,000,000 cycles each, under every back-pressure
# policy with a random memory latency (1..8, 4..30) and with a fixed one.
foreach(cfg "random:0.5 1:8" "bursty:16 4:30" "always 1")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.vap.${pname}
           COMMAND rcosim run --block r5xx.vap --count 22000 --seed 601 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.r5xx.vap.${pname} PROPERTIES LABELS "random;r5xx;nightly;r5xx.vap"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.vap random count 22000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()

# ---- r5xx.zb: depth and stencil (docs/blocks/r5xx.zb.md) -----------------------------------------------
# The depth/stencil arithmetic against the seed facts (ZFUNC codes, stencil operations, the masked
# replace 0xF0 -> 0xCC, Z24S8 packing) and the block's decisions (cmocka).
rcosim_add_cmocka_test(NAME test_zb_math SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_zb_math.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.zb;smoke")
# A wrong pass bit, address, write datum or byte enable injected on either side is caught and
# named; the same run passes without it; the golden vectors agree with scripts/blocks/r5xx_zb_directed.py's
# independent reference and their stimulus files are current; the random stimulus programs every
# enumerated field value; --png writes both sides' pictures, and a difference picture only on a
# failure.
foreach(case fault_rtl fault_rtl_addr fault_model fault_needs_compare directed_check stim_current coverage
             png png_diff)
  add_test(NAME r5xx.zb.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/zb_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.zb.${case} PROPERTIES LABELS "r5xx;r5xx.zb;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# 1,000,000 seeded random fragments in exact lockstep under random back-pressure and a random
# memory latency of 1 to 8 cycles; and under bursty back-pressure with latencies up to 30 (the
# 16-entry fragment queue full) and with none at all.
foreach(cfg "random:0.5 1:8" "bursty:16 4:30" "always 1")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.zb.${pname}
           COMMAND rcosim run --block r5xx.zb --count 1000000 --seed 401 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.r5xx.zb.${pname} PROPERTIES LABELS "random;r5xx;nightly;r5xx.zb"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.zb random count 1000000: [0-9]+ cycles, rtl vs model exact. memreq [0-9]+, pass 1000000."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()


# ---- si.cb: Sea Islands colour backend (docs/blocks/si.cb.md) ------------------------------------
# A wrong written bit, error flag, address, write datum or byte enable injected on either side is
# caught and named; the same run passes without it; the golden vectors agree with the independent
# exact-rational reference of scripts/blocks/si_cb_directed.py and their stimulus files and the
# generated sRGB tables are current.
foreach(case fault_rtl fault_rtl_err fault_model fault_needs_compare directed_check stim_current
             tables_current)
  add_test(NAME si.cb.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/si_cb_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.cb.${case} PROPERTIES LABELS "si;si.cb;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random pixels in exact lockstep, at least 1,000,000 cycles each, under every
# back-pressure policy and a random memory latency.
foreach(cfg "random:0.5 1:8" "bursty:16 4:30" "always 1")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.si.cb.${pname}
           COMMAND rcosim run --block si.cb --count 150000 --seed 601 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.si.cb.${pname} PROPERTIES LABELS "random;si;nightly;si.cb"
                       PASS_REGULAR_EXPRESSION "PASS si.cb random count 150000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact. memreq [0-9]+, pix 150000 ?."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()

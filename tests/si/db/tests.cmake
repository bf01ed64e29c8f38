# ---- si.db: Sea Islands depth and stencil (docs/blocks/si.db.md) ---------------------------------
# A wrong pass bit, category, address, write datum or byte enable injected on either side is caught
# and named; the same run passes without it; the golden vectors agree with the independent
# reference of scripts/blocks/si_db_directed.py and their stimulus files are current.
foreach(case fault_rtl fault_rtl_cat fault_model fault_needs_compare directed_check stim_current)
  add_test(NAME si.db.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/si_db_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.db.${case} PROPERTIES LABELS "si;si.db;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random fragments in exact lockstep, at least 1,000,000 cycles each, under every
# back-pressure policy and a random memory latency.
foreach(cfg "random:0.5 1:8" "bursty:16 4:30" "always 1")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.si.db.${pname}
           COMMAND rcosim run --block si.db --count 170000 --seed 501 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.si.db.${pname} PROPERTIES LABELS "random;si;nightly;si.db"
                       PASS_REGULAR_EXPRESSION "PASS si.db random count 170000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact. memreq [0-9]+, pass 170000 ?."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()

# ---- si.vgt: Sea Islands index fetch (docs/blocks/si.vgt.md) --------------------------------------
# The swap modes, offset-then-clamp and the register snooping against the seed facts (cmocka).
rcosim_add_cmocka_test(NAME test_si_vgt_regs SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_vgt_regs.c LIBS rcosim_blocks
                       LABELS "si;si.vgt;smoke")
# Fault injection on both sides (exact reports), the golden vectors against the independent
# reference of scripts/blocks/si_vgt_directed.py (and that check failing on an altered record),
# the stimulus files current, the random stimulus's field coverage, the register database's
# facts and repairs, the si register decoding.
foreach(case fault_rtl fault_rtl_addr fault_model fault_needs_compare directed_check reference_catches
             stim_current coverage regdb_facts regs_decode)
  add_test(NAME si.vgt.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/vgt_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.vgt.${case} PROPERTIES LABELS "si;si.vgt;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random runs of at least 1,000,000 cycles in exact lockstep under every back-pressure
# policy, with a random memory latency (1-8, 1-30 with the 8 credits exhausted, 2-12).
foreach(cfg "always 1:8" "random:0.5 1:30" "bursty:16 2:12")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.si.vgt.${pname}
           COMMAND rcosim run --block si.vgt --count 900000 --seed 1101 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.si.vgt.${pname} PROPERTIES LABELS "random;si;si.vgt;nightly"
                       PASS_REGULAR_EXPRESSION "PASS si.vgt random count 900000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact. memreq [0-9]+, idx 900000."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()

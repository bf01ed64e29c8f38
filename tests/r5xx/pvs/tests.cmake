# ---- r5xx.pvs: the R5xx programmable vertex shader (docs/blocks/r5xx.pvs.md) ------------------
# The disassembler, f2a, the loader's wraps, the output slots, one instruction (cmocka).
rcosim_add_cmocka_test(NAME test_r5xx_pvs_isa SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_pvs_isa.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.pvs;smoke")
# Fault injection on both sides (exact reports, the instruction disassembled from the report),
# the golden vectors against the independent reference of scripts/blocks/r5xx_pvs_directed.py
# (and that check failing on an altered record), the stimulus files current, the disassembler on
# the xf86-video-ati words, the random programs' coverage, the vertices in flight (the banks'
# assertions are fired by harden.assert_forced, tests/harden/harden_test.py FORCED).
foreach(case fault_rtl fault_model fault_needs_compare directed_check reference_catches stim_current
             disasm_xati coverage slots_overlap)
  add_test(NAME r5xx.pvs.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/pvs_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.pvs.${case} PROPERTIES LABELS "r5xx;r5xx.pvs;smoke" SKIP_RETURN_CODE 77
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
endforeach()
# A short seeded random run in the smoke set.
add_test(NAME random.r5xx.pvs.smoke COMMAND rcosim run --block r5xx.pvs --count 2000 --seed 2502 --backpressure random:0.5)
set_tests_properties(random.r5xx.pvs.smoke PROPERTIES LABELS "r5xx;r5xx.pvs;smoke"
                     PASS_REGULAR_EXPRESSION "PASS r5xx.pvs random count 2000: [0-9]+ cycles, rtl vs model exact"
                     FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
# Seeded random vertex programs, at least 1,000,000 cycles in exact lockstep under every
# back-pressure policy.
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.pvs.${pname}
           COMMAND rcosim run --block r5xx.pvs --count 10000 --seed 2501 --backpressure ${policy})
  set_tests_properties(random.r5xx.pvs.${pname} PROPERTIES LABELS "random;r5xx;r5xx.pvs;nightly"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.pvs random count 10000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The independent reference against the model on over 1,000,000 random instruction executions.
if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake)
add_test(NAME r5xx.pvs.reference_random COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/pvs_test.py
         $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} reference_random)
set_tests_properties(r5xx.pvs.reference_random PROPERTIES LABELS "random;r5xx;r5xx.pvs;nightly"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
endif()
# The second engineer's independent reference (scripts/blocks/r5xx_pvs_iref.py, from the document
# alone) against every golden vector, against seeded random vectors (smoke: a short run; nightly:
# over 1,000,000 instruction executions in all), and the check failing on an altered vector.
add_test(NAME r5xx.pvs.iref_vectors COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/pvs_iref_check.py
         vec ${PROJECT_SOURCE_DIR}/vectors/r5xx/pvs)
add_test(NAME r5xx.pvs.iref_catches COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/pvs_iref_check.py
         catches ${PROJECT_SOURCE_DIR}/vectors/r5xx/pvs/flow.vec)
add_test(NAME r5xx.pvs.iref_smoke COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/pvs_iref_check.py
         random $<TARGET_FILE:rcosim> 3101 200 2000)
set_tests_properties(r5xx.pvs.iref_vectors r5xx.pvs.iref_catches r5xx.pvs.iref_smoke PROPERTIES
                     LABELS "r5xx;r5xx.pvs;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake)
foreach(seed 3201 3202 3203 3204)
  add_test(NAME r5xx.pvs.iref_nightly_${seed} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/pvs_iref_check.py
           random $<TARGET_FILE:rcosim> ${seed} 5000 250000)
  set_tests_properties(r5xx.pvs.iref_nightly_${seed} PROPERTIES LABELS "random;r5xx;r5xx.pvs;nightly"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
endforeach()
endif()

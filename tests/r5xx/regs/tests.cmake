# ---- r5xx.regs: the register file generated from the register database (docs/blocks/r5xx.regs.md) --
# The model's register map against the seed facts (cmocka).
rcosim_add_cmocka_test(NAME test_regs_map SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_regs_map.c LIBS rcosim_blocks LABELS "r5xx;regs;smoke")
# The committed RTL is what scripts/blocks/r5xx_regs_rtlgen.py generates from model/regdb/r5xx.json today.
add_test(NAME r5xx.regs.rtlgen_check
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_regs_rtlgen.py --check)
set_tests_properties(r5xx.regs.rtlgen_check PROPERTIES LABELS "r5xx;regs"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
# A wrong read-back is caught (either side), the same run passes without it, and an exhaustive
# sweep of the 16-bit address space passes in exact lockstep.
foreach(case fault_rtl fault_model fault_needs_compare sweep)
  add_test(NAME r5xx.regs.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/regs_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.regs.${case} PROPERTIES LABELS "r5xx;regs;smoke")
endforeach()
# 1,000,000 seeded random register accesses in exact lockstep, every back-pressure policy.
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.regs.${pname}
           COMMAND rcosim run --block r5xx.regs --count 1000000 --seed 211 --backpressure ${policy})
  set_tests_properties(random.r5xx.regs.${pname} PROPERTIES LABELS "random;r5xx;r5xx.regs;nightly;regs"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.regs random count 1000000: [0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()


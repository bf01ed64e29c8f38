# ---- si.cu: Sea Islands compute unit (docs/blocks/si.cu.md) -----------------------------------
# The disassembler of the model on the command line (reports, the llvm-mc check).
add_executable(si_cu_disasm ${CMAKE_CURRENT_LIST_DIR}/si_cu_disasm.c)
target_link_libraries(si_cu_disasm PRIVATE si_cu_model)
target_compile_options(si_cu_disasm PRIVATE ${RCOSIM_WARNINGS})
add_dependencies(rcosim si_cu_disasm)
# The error of the transcendental VOP1s (the shared sf ops) against libm (docs/blocks/si.cu.md 5.4).
add_executable(si_cu_trans_ulp ${CMAKE_CURRENT_LIST_DIR}/si_cu_trans_ulp.c)
target_link_libraries(si_cu_trans_ulp PRIVATE rcosim_prim_model m)
target_compile_options(si_cu_trans_ulp PRIVATE ${RCOSIM_WARNINGS})
add_test(NAME si.cu.trans_ulp COMMAND si_cu_trans_ulp)
add_test(NAME si.cu.trans_ulp_inject COMMAND si_cu_trans_ulp --inject)
set_tests_properties(si.cu.trans_ulp si.cu.trans_ulp_inject PROPERTIES LABELS "si;si.cu;smoke"
                     PASS_REGULAR_EXPRESSION "^.*PASS")
# The kernels' memory against the host's answer; the kernel stimulus current with today's clang;
# the decoder and disassembly against llvm-mc on every built opcode; fault injection on both
# sides named by wave, PC and instruction; a short random lockstep run.
foreach(case kernels_host stim_current isa_llvm fault_rtl fault_lds fault_model fault_mem fault_needs_compare
             random_smoke random_new)
  add_test(NAME si.cu.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/cu_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case} $<TARGET_FILE:si_cu_disasm>)
  set_tests_properties(si.cu.${case} PROPERTIES LABELS "si;si.cu;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random programs, at least 1,000,000 cycles in exact lockstep under every back-pressure
# policy with a random memory latency.
foreach(cfg "always 1:8" "random:0.5 1:30" "bursty:16 2:12")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.si.cu.${pname}
           COMMAND rcosim run --block si.cu --count 12000 --seed 2701 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.si.cu.${pname} PROPERTIES LABELS "random;si;si.cu;nightly"
                       PASS_REGULAR_EXPRESSION "PASS si.cu random count 12000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The independent ISA reference (scripts/blocks/si_cu_ref.py, written from the doc alone) against
# the shipped vectors and seeded random vectors, in order; and a changed expected value caught.
foreach(case shipped random catches)
  add_test(NAME si.cu.ref_${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/cu_ref_check.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.cu.ref_${case} PROPERTIES LABELS "si;si.cu;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
endforeach()

# ---- si.compute: PM4 dispatch front end + si.cu + fence (docs/blocks/si.compute.md) ------------
# Included from tests/CMakeLists.txt.  The kernels run from PM4 streams write the host's answer
# and the fence last; their stimulus is current; faults on either side (the front end's records,
# the fence write, si.cu's retire records inside the composite) are caught and named; a wrong
# expected record fails the replay; the random PM4 stream makes every event kind and passes.
foreach(case kernels_host host_catches stim_current fault_rtl fault_model fault_needs_compare wrong_expected random_smoke
             ref_shipped ref_random ref_catches)
  add_test(NAME si.compute.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/compute_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.compute.${case} PROPERTIES LABELS "si;si.compute;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random PM4 streams, at least 1,000,000 cycles in exact lockstep under every back-pressure
# policy with a random memory latency.
foreach(cfg "always 1:8" "random:0.5 1:30" "bursty:16 2:12")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.si.compute.${pname}
           COMMAND rcosim run --block si.compute --count 12000 --seed 2702 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.si.compute.${pname} PROPERTIES LABELS "random;si;si.compute;nightly"
                       PASS_REGULAR_EXPRESSION "PASS si.compute random count 12000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The wiring-only top and the model's chaining are what scripts/compgen.py writes from the manifest.
add_test(NAME si.compute.wiring_current COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/compgen.py
         --check ${PROJECT_SOURCE_DIR} si.compute)
set_tests_properties(si.compute.wiring_current PROPERTIES LABELS "si;si.compute;smoke"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

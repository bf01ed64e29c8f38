# ---- si.backend: the Sea Islands pixel backend, si.db -> si.cb on one memory port -----------------
# (docs/blocks/si.backend.md).  Included from tests/CMakeLists.txt.  Faults in either block's
# traffic and in the glue's (the colour-write hand-off, the arbiter's source) on either side are
# caught and named exactly; the same run passes without them; a wrong expected record of the scene
# names the pixel; the scene agrees with the chained si.db and si.cb references, its stimulus is
# current, and its pictures are docs/img/si-backend*.png.
foreach(case fault_rtl fault_model fault_needs_compare wrong_pixel directed_check stim_current picture)
  add_test(NAME si.backend.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/si_backend_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.backend.${case} PROPERTIES LABELS "si;si.backend;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random fragments in exact lockstep, at least 1,000,000 cycles each, under every
# back-pressure policy with a random memory latency.
foreach(cfg "random:0.5 1:8" "bursty:16 4:30" "always 1:8")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.si.backend.${pname}
           COMMAND rcosim run --block si.backend --count 100000 --seed 601 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.si.backend.${pname} PROPERTIES LABELS "random;si;nightly;si.backend"
                       PASS_REGULAR_EXPRESSION "PASS si.backend random count 100000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact. memreq [0-9]+, pix 100000 ?."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The wiring-only top, the model's chaining and the glue's port structs are what scripts/compgen.py
# writes from the manifest (docs/ARCHITECTURE.md, "Composites"); compgen's checks catch a stale
# file, an undriven input, a double driver, an unused output, a width mismatch and a glue module
# without its doc section.
add_test(NAME si.backend.wiring_current COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/compgen.py
         --check ${PROJECT_SOURCE_DIR} si.backend)
set_tests_properties(si.backend.wiring_current PROPERTIES LABELS "si;si.backend;smoke"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
foreach(case stale undriven twice unused width nodoc)
  add_test(NAME si.backend.wiring_${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/wiring_test.py
           ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(si.backend.wiring_${case} PROPERTIES LABELS "si;si.backend;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()

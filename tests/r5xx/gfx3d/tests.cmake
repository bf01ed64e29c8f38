# ---- r5xx.gfx3d: the 3D path, VAP -> (PVS -> clip) -> raster -> ZB -> RB3D (docs/blocks/r5xx.gfx3d.md) ---------------
# Included from tests/CMakeLists.txt.  Faults in each block's traffic on either side are caught and
# named by the composite's channel; the same run passes without them; a wrong expected pixel of the
# scene names the primitive, the pixel and the interpolated values; the scene agrees with the
# chained independent references, its stimulus is current, and its picture is docs/img/gfx3d.png.
foreach(case fault_rtl fault_model fault_pvs fault_us fault_clip fault_prog fault_needs_compare wrong_expected mesh_wrong_pixel
             us_wrong_expected xati_wrong_pixel mrt fog_functions directed_check random_reference stim_current picture)
  add_test(NAME r5xx.gfx3d.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/gfx3d_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.gfx3d.${case} PROPERTIES LABELS "r5xx;r5xx.gfx3d;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random draws in exact lockstep, at least 1,000,000 cycles under each back-pressure policy
# with random memory latency.  Since the stimulus has random fragment programs sampling textures
# (issue 26) and random render targets 300 draws give 1.21 M (always), 1.49 M (random:0.5) and 1.69 M (bursty:16) cycles
# (800 draws gave 3.35-4.74 M: texel reads without a cache dominate).
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.gfx3d.${pname}
           COMMAND rcosim run --block r5xx.gfx3d --count 300 --seed 601 --backpressure ${policy} --mem-latency 1:8)
  set_tests_properties(random.r5xx.gfx3d.${pname} PROPERTIES LABELS "random;r5xx;nightly;r5xx.gfx3d"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.gfx3d random count 300: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# Its top and its model's chaining are what scripts/compgen.py writes from the manifest
# (docs/ARCHITECTURE.md, "Composites").
add_test(NAME r5xx.gfx3d.wiring_current COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/compgen.py
         --check ${PROJECT_SOURCE_DIR} r5xx.gfx3d)
set_tests_properties(r5xx.gfx3d.wiring_current PROPERTIES LABELS "r5xx;r5xx.gfx3d;smoke"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

# ---- r5xx.gpu: CP + register backbone + 2D engine, one memory (docs/blocks/r5xx.gpu.md) -----------------
# Register-programmed fill/blit == packet form, DP_WRITE_MASK, fences in memory, every register of
# the driver-style streams named and delivered, unknown writes reported, faults in each sub-block
# named by channel, a wrong pixel named, the independent reference, the routing table vs the
# register database, the stimulus files current.
# frame_regw and frame_wrong_pixel2d run the whole 2,038,000-cycle frame again (90 and 167 s since
# the 3D path holds the clipper, US and TX, whose RTL Verilator evaluates every cycle): nightly only;
# CI keeps the frame in lockstep and replay (vec./replay.), its picture (frame_png), fence and check.
set(gpu_cases fill_regs_eq_packets blit_regs_eq_packets write_mask fence trace_names unknown_reported
              fault_subblocks wrong_pixel directed_check stim_current route prog3d
              frame_fence frame_png frame_wrong_pixel3d frame_wrong_pixel_prog fault_3d frame_check frame_programmable)
if(RCOSIM_NIGHTLY)
  list(APPEND gpu_cases frame_regw frame_wrong_pixel2d)
endif()
foreach(case ${gpu_cases})
  add_test(NAME r5xx.gpu.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/gpu_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.gpu.${case} PROPERTIES LABELS "r5xx;r5xx.gpu;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random PM4 streams (2D packets, register-programmed 2D, register traffic, fences, 3D draws
# on the fixed and the programmable paths) in exact lockstep under several back-pressure / latency
# policies; one of them over 1,000,000 cycles (CI).
foreach(cfg "31 random:0.5 1:8" "32 always 1" "33 bursty:16 4:30")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 seed)
  list(GET cfg 1 policy)
  list(GET cfg 2 latency)
  add_test(NAME random.r5xx.gpu.seed${seed}
           COMMAND rcosim run --block r5xx.gpu --count 300 --seed ${seed} --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.r5xx.gpu.seed${seed} PROPERTIES LABELS "random;r5xx;nightly;smoke;r5xx.gpu"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.gpu random count 300: [0-9]+ cycles, rtl vs model exact."
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The long run: 2D, fixed 3D and programmable 3D (random vertex and fragment programs, textures)
# mixed, at least 1,000,000 cycles (seed 601, 600 packets: 1,082,078) under random back-pressure
# and memory latency; the regex asserts the seven-digit cycle count.
add_test(NAME random.r5xx.gpu.long
         COMMAND rcosim run --block r5xx.gpu --count 600 --seed 601 --backpressure random:0.5 --mem-latency 1:8)
set_tests_properties(random.r5xx.gpu.long PROPERTIES LABELS "random;r5xx;nightly;r5xx.gpu"
                     PASS_REGULAR_EXPRESSION "PASS r5xx.gpu random count 600: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact."
                     FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
# Its top and its model's chaining are what scripts/compgen.py writes from the manifest
# (docs/ARCHITECTURE.md, "Composites").
add_test(NAME r5xx.gpu.wiring_current COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/compgen.py
         --check ${PROJECT_SOURCE_DIR} r5xx.gpu)
set_tests_properties(r5xx.gpu.wiring_current PROPERTIES LABELS "r5xx;r5xx.gpu;smoke"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

# ---- r5xx.rb3d: the colour backend (docs/blocks/r5xx.rb3d.md) ----------------------------------------
# The blend, format, dither, ROP, mask and endian arithmetic against the seed facts (cmocka).
rcosim_add_cmocka_test(NAME test_rb3d_pixel SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_rb3d_pixel.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.rb3d;smoke")
# A wrong address, byte enable, write data or write enable injected on either side is caught and
# named, the same run passes without it; --png writes both sides' buffers and a difference image;
# the golden vectors agree with scripts/blocks/r5xx_rb3d_directed.py's independent reference and their stimulus
# files are current; the random stimulus programs every enumerated field value.
foreach(case fault_rtl fault_rtl_be fault_model fault_needs_compare png png_diff directed_check stim_current
             coverage)
  add_test(NAME r5xx.rb3d.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/rb3d_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.rb3d.${case} PROPERTIES LABELS "r5xx;r5xx.rb3d;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# 1,000,000 seeded random fragments in exact lockstep under memory latency 1-8, every back-pressure
# policy (random:0.5 is the one the issue asks for).
foreach(policy random:0.5 always bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.rb3d.${pname}
           COMMAND rcosim run --block r5xx.rb3d --count 1000000 --seed 401 --backpressure ${policy} --mem-latency 1:8)
  set_tests_properties(random.r5xx.rb3d.${pname} PROPERTIES LABELS "random;r5xx;nightly;r5xx.rb3d"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.rb3d random count 1000000: [0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()

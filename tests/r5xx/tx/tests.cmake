# ---- r5xx.tx: the R5xx texture unit (docs/blocks/r5xx.tx.md) -------------------------------------
# Fault injection on both sides (exact reports naming the sampler, its coordinates and the texels
# read), the golden vectors against the independent reference of scripts/blocks/r5xx_tx_directed.py
# (and that check failing on an altered response), the stimulus files current, the random
# stimulus's field coverage, every binary16 code point through RTL, model and reference, a short
# random smoke run.
foreach(case fault_rtl fault_rtl_addr fault_model fault_needs_compare directed_check reference_catches
             stim_current coverage fp16_all codes_rtl smoke_random)
  add_test(NAME r5xx.tx.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.tx.${case} PROPERTIES LABELS "r5xx;r5xx.tx;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# Seeded random runs of at least 1,000,000 cycles in exact lockstep under every back-pressure
# policy, with a random memory latency.
foreach(cfg "always 1:8" "random:0.5 1:20" "bursty:16 2:12")
  string(REPLACE " " ";" cfg ${cfg})
  list(GET cfg 0 policy)
  list(GET cfg 1 latency)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.tx.${pname}
           COMMAND rcosim run --block r5xx.tx --count 50000 --seed 2301 --backpressure ${policy} --mem-latency ${latency})
  set_tests_properties(random.r5xx.tx.${pname} PROPERTIES LABELS "random;r5xx;r5xx.tx;nightly"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.tx random count 50000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact. memreq [0-9]+, rsp 50000;"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The second, independent reference (scripts/blocks/r5xx_tx_ref.py, written from the block's
# document alone) against every golden vector and against seeded random vectors from rcosim gen;
# ref_catches proves the comparison fails on a vector with one expected texel changed; ref_features
# does so per D17-D22 feature (an altered expected value of a request that depends on it, and the
# reference with that feature knocked out disagreeing with the feature's vector).
file(GLOB _tx_ref_vecs ${PROJECT_SOURCE_DIR}/vectors/r5xx/tx/*.vec)
add_test(NAME r5xx.tx.ref_check COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_ref_check.py
         ${PROJECT_SOURCE_DIR} check ${_tx_ref_vecs})
add_test(NAME r5xx.tx.ref_catches COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_ref_check.py
         ${PROJECT_SOURCE_DIR} catches ${PROJECT_SOURCE_DIR}/vectors/r5xx/tx/bilinear.vec)
add_test(NAME r5xx.tx.ref_features COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_ref_check.py
         ${PROJECT_SOURCE_DIR} features)
add_test(NAME r5xx.tx.ref_facts COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_ref_check.py
         ${PROJECT_SOURCE_DIR} facts)
foreach(seed 9 11 2301 77)
  add_test(NAME r5xx.tx.ref_random_${seed} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_ref_check.py
           ${PROJECT_SOURCE_DIR} random $<TARGET_FILE:rcosim> ${seed} 6000)
endforeach()
# seed 1's first 8000 requests hold 25 trilinear samples of a 3D texture at its nearest slice
# (VOL_FILTER 1, MIP_FILTER 3), the case where model and RTL once read the wrong slice in pass 1
add_test(NAME r5xx.tx.ref_random_1 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_ref_check.py
         ${PROJECT_SOURCE_DIR} random $<TARGET_FILE:rcosim> 1 8000)
foreach(case ref_check ref_catches ref_features ref_facts ref_random_9 ref_random_11 ref_random_2301 ref_random_77
             ref_random_1)
  set_tests_properties(r5xx.tx.${case} PROPERTIES LABELS "r5xx.tx;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" FAIL_REGULAR_EXPRESSION "FAIL")
endforeach()
# The RB3D -> TX round trip (acceptance of issue 23; docs/blocks/r5xx.tx.md "Round trip"): r5xx.rb3d
# renders every colour format TX also decodes, micro- and macro-tiled, in lockstep; the memory its
# writes leave is point-sampled by r5xx.tx at every texel centre, in lockstep; every texel must be
# the colour RB3D was given.  roundtrip_catches_*: a flipped bit of a written byte, and a surface sampled with
# the wrong MICRO_TILE, make the comparison fail.  Needs r5xx.rb3d in the build.
rcosim_block_enabled(r5xx.rb3d _tx_have_rb3d)
if(_tx_have_rb3d)
  foreach(case roundtrip roundtrip_catches_dword roundtrip_catches_tiling)
    add_test(NAME r5xx.tx.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_roundtrip.py
             $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
    set_tests_properties(r5xx.tx.${case} PROPERTIES LABELS "r5xx;r5xx.tx;r5xx.rb3d;smoke"
                         ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()
# Every code point (acceptance of issue 23; docs/blocks/r5xx.tx.md "Every code point"): the C
# model's decode of every code of every component of every fixed format (unsigned and signed), of
# every DXT1/3/5 RGB565 end code and DXT5/ATI alpha end pair at each index, and the conversion of
# every channel value, against the independent reference scripts/blocks/r5xx_tx_ref.py; codes_catches:
# one component flipped in the driver's output is reported.  About 20 s of CPU.
add_executable(r5xx_tx_codes ${CMAKE_CURRENT_LIST_DIR}/tx_codes.c)
target_link_libraries(r5xx_tx_codes PRIVATE r5xx_tx_model)
target_compile_options(r5xx_tx_codes PRIVATE ${RCOSIM_WARNINGS})
add_test(NAME r5xx.tx.codes_all COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_codes.py
         $<TARGET_FILE:r5xx_tx_codes> ${PROJECT_SOURCE_DIR})
add_test(NAME r5xx.tx.codes_catches COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_codes.py
         $<TARGET_FILE:r5xx_tx_codes> ${PROJECT_SOURCE_DIR} --inject)
set_tests_properties(r5xx.tx.codes_all PROPERTIES LABELS "r5xx;r5xx.tx;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1"
                     PASS_REGULAR_EXPRESSION "PASS: 2895759 decodes compared, 0 differ")
set_tests_properties(r5xx.tx.codes_catches PROPERTIES LABELS "r5xx;r5xx.tx;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1"
                     PASS_REGULAR_EXPRESSION "format 14 sgn 0 sub 0 dwords 64506450 64506450 .*FAIL: 2895759 decodes compared, 1 differ")
# The 16-bit code points and the DXT end codes through the RTL (5.2 M cycles, about 90 s of CPU,
# most of it the Python reference writing the stimulus): nightly, registered only in the nightly
# configuration (CI runs every registered test, whatever its label).
if(RCOSIM_NIGHTLY)
  add_test(NAME r5xx.tx.codes_rtl_wide COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tx_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} codes_rtl_wide)
  set_tests_properties(r5xx.tx.codes_rtl_wide PROPERTIES LABELS "r5xx;r5xx.tx;nightly" TIMEOUT 1800
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endif()

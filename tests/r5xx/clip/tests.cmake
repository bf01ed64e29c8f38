# ---- r5xx.clip: the R5xx clipper, perspective divide and viewport (docs/blocks/r5xx.clip.md) -----
# Fault injection on both sides (exact reports), the golden vectors against the reference of
# scripts/blocks/r5xx_clip_directed.py (and that check failing on an altered record), the
# stimulus files current, the reference against the model on a seeded random phased stimulus
# with its plane/cull coverage.
foreach(case fault_rtl fault_model fault_needs_compare directed_check reference_catches stim_current
             reference_random)
  add_test(NAME r5xx.clip.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/clip_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(r5xx.clip.${case} PROPERTIES LABELS "r5xx;r5xx.clip;smoke"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# A short seeded random run in the smoke set.
add_test(NAME random.r5xx.clip.smoke COMMAND rcosim run --block r5xx.clip --count 3000 --seed 2512 --backpressure random:0.5)
set_tests_properties(random.r5xx.clip.smoke PROPERTIES LABELS "r5xx;r5xx.clip;smoke"
                     PASS_REGULAR_EXPRESSION "PASS r5xx.clip random count 3000: [0-9]+ cycles, rtl vs model exact"
                     FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
# Seeded random clip state and draws, at least 1,000,000 cycles in exact lockstep under every
# back-pressure policy.
foreach(policy always random:0.5 bursty:16)
  string(REPLACE ":" "_" pname ${policy})
  add_test(NAME random.r5xx.clip.${pname}
           COMMAND rcosim run --block r5xx.clip --count 70000 --seed 2513 --backpressure ${policy})
  set_tests_properties(random.r5xx.clip.${pname} PROPERTIES LABELS "random;r5xx;r5xx.clip;nightly"
                       PASS_REGULAR_EXPRESSION "PASS r5xx.clip random count 70000: [1-9][0-9][0-9][0-9][0-9][0-9][0-9]+ cycles, rtl vs model exact"
                       FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")
endforeach()
# The formulas and register snooping of model/r5xx/clip/clip_math.c against hand-computed values
# (cmocka).
rcosim_add_cmocka_test(NAME test_r5xx_clip_math SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_clip_math.c LIBS rcosim_blocks
                       LABELS "r5xx;r5xx.clip;smoke")
# The second engineer's independent reference (scripts/blocks/r5xx_clip_ref.py, written from
# docs/blocks/r5xx.clip.md alone: the document's state machine cycle by cycle, every vtx field and
# cycle) against every golden vector, against seeded random vectors of rcosim gen, and the check
# failing on copies of a vector with one expected field (or a cycle stamp) changed.
add_test(NAME r5xx.clip.iref_vectors COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_ref.py
         check ${PROJECT_SOURCE_DIR}/vectors/r5xx/clip)
add_test(NAME r5xx.clip.iref_random COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_ref.py
         random $<TARGET_FILE:rcosim> 3,2511,2513 1500)
add_test(NAME r5xx.clip.iref_catches COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_ref.py
         catches ${PROJECT_SOURCE_DIR}/vectors/r5xx/clip/near_clip.vec 1 8)
set_tests_properties(r5xx.clip.iref_vectors r5xx.clip.iref_random r5xx.clip.iref_catches PROPERTIES
                     LABELS "r5xx;r5xx.clip;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
# The second engineer's independent check of the point path (D10; scripts/blocks/r5xx_clip_pref.py,
# written from docs/blocks/r5xx.clip.md alone, section "Independent reference"): points.vec's every
# record and cycle, and the check failing on copies of it with one bit of an expanded point's
# corner record (or a point's record, or a corner record's cycle) changed.
add_test(NAME r5xx.clip.pref_points COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_pref.py
         check ${PROJECT_SOURCE_DIR}/vectors/r5xx/clip/points.vec)
add_test(NAME r5xx.clip.pref_catches COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_pref.py
         catches ${PROJECT_SOURCE_DIR}/vectors/r5xx/clip/points.vec 1 8)
set_tests_properties(r5xx.clip.pref_points PROPERTIES PASS_REGULAR_EXPRESSION "PASS: 1 vectors, 732 records"
                     FAIL_REGULAR_EXPRESSION "FAIL|NOT CAUGHT")
set_tests_properties(r5xx.clip.pref_catches PROPERTIES PASS_REGULAR_EXPRESSION "PASS: 8 of 8 alterations caught"
                     FAIL_REGULAR_EXPRESSION "NOT CAUGHT")
set_tests_properties(r5xx.clip.pref_points r5xx.clip.pref_catches PROPERTIES
                     LABELS "r5xx;r5xx.clip;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
# ... and on seeded random point-heavy stimulus (its own generator: modes 0-3, sprite vectors, sizes,
# planes; rcosim gen --stimulus makes the model's vector), every record and cycle.
add_test(NAME r5xx.clip.pref_random COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_pref.py
         random $<TARGET_FILE:rcosim> 1,2 300)
set_tests_properties(r5xx.clip.pref_random PROPERTIES PASS_REGULAR_EXPRESSION "PASS: 2 seeds"
                     FAIL_REGULAR_EXPRESSION "FAIL" LABELS "r5xx;r5xx.clip;smoke"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
# D5's overflow (docs/blocks/r5xx.clip.md "D5: capacity"): the point-path engineer's reference on the
# overflow vector (every record and cycle; iref_vectors and directed_check take it with the others),
# and its triangles and user planes rebuilt by their construction (scripts/blocks/r5xx_clip_d5.py),
# each overflowing as the document says (set A the list O, set B the pool).
add_test(NAME r5xx.clip.pref_overflow COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_pref.py
         check ${PROJECT_SOURCE_DIR}/vectors/r5xx/clip/overflow.vec)
set_tests_properties(r5xx.clip.pref_overflow PROPERTIES PASS_REGULAR_EXPRESSION "PASS: 1 vectors, 156 records"
                     FAIL_REGULAR_EXPRESSION "FAIL")
add_test(NAME r5xx.clip.d5_check COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blocks/r5xx_clip_d5.py check)
set_tests_properties(r5xx.clip.d5_check PROPERTIES PASS_REGULAR_EXPRESSION "PASS: both sets rebuilt"
                     FAIL_REGULAR_EXPRESSION "FAIL|DIFFERS|DOES NOT")
set_tests_properties(r5xx.clip.pref_overflow r5xx.clip.d5_check PROPERTIES
                     LABELS "r5xx;r5xx.clip;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")

# test.tiny's own tests, included by rule (tests/FAMILY/NAME/tests.cmake).
add_test(NAME test.tiny.random COMMAND rcosim run --block test.tiny --count 2000 --seed 5 --backpressure random:0.5)
set_tests_properties(test.tiny.random PROPERTIES LABELS "test.tiny"
                     PASS_REGULAR_EXPRESSION "PASS test.tiny random count 2000"
                     FAIL_REGULAR_EXPRESSION "MISMATCH|HANG|FAIL")

# ---- r5xx.pm4_2d: the CP and the 2D engine as one pipeline (docs/blocks/r5xx.gfx2d.md) --------------
# Included by rule.  Its top and its model's chaining are what scripts/compgen.py writes from the
# manifest (docs/ARCHITECTURE.md, "Composites").
add_test(NAME r5xx.pm4_2d.wiring_current COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/compgen.py
         --check ${PROJECT_SOURCE_DIR} r5xx.pm4_2d)
set_tests_properties(r5xx.pm4_2d.wiring_current PROPERTIES LABELS "r5xx;r5xx.pm4_2d;smoke"
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

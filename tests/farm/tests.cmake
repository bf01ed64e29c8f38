# ---- regression farms: 'rcosim regress --farm slurm' (scripts/regress_farm.py, docs/regression.md) ----
# Without a cluster: usage errors, no sbatch in PATH, --resume of a non-farm directory, grouping.
add_test(NAME farm.usage COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/farm/farm_test.py
         $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} usage)
set_tests_properties(farm.usage PROPERTIES LABELS "farm;regress;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
# A real one-node Slurm cluster under a temporary directory (installs slurm + munge from Debian when
# missing; exit 77 = skipped where that is impossible, a failure under CI=true): the smoke suite
# locally and through the farm with equal JUnit, a cancelled and a killed array task, --resume,
# Ctrl-C.  Skip it with 'ctest -LE slurm'.
add_test(NAME farm.slurm COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/farm/farm_test.py
         $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} slurm)
set_tests_properties(farm.slurm PROPERTIES LABELS "farm;slurm;regress" SKIP_RETURN_CODE 77 TIMEOUT 400
                     PROCESSORS 2 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
# The farm's ETA (regress_farm.farm_remaining, runs.Eta) on a virtual schedule of array tasks: within
# 25 % of the time left, as the local regression's; no cluster needed.
add_test(NAME farm.eta COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/farm/farm_test.py
         $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} eta)
set_tests_properties(farm.eta PROPERTIES LABELS "farm;regress;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

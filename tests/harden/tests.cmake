# ---- hardening (issue #17, docs/hardening.md): bad inputs, atomic outputs, round trip ---------
foreach(case numbers out_dirs vector_lines gzip_truncated long_lines gen_tmp deep_wave roundtrip
             stimulus_name hostile regress_usage regress_signal png_fails bundle_fails deep_paths huge_paint malformed
             export_out export_inputs export_killed resume_local resume_state resume_farm
             bare_cut wave_hier json_names assert_fifo assert_channel assert_gen supp_facts mutate
             glue_twins glue_asserts export_chk assert_forced)
  add_test(NAME harden.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/harden/harden_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(harden.${case} PROPERTIES LABELS "harden;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1"
                       SKIP_RETURN_CODE 77)
endforeach()


# ---- rcosim mutate on the smoke suite (issue 29 acceptance), nightly: 60 mutants of seed 29,
# at least 98 % of the non-equivalent ones killed (docs/hardening.md "Mutation testing").
# Registered only in the nightly configuration (CI runs every registered test, whatever its label).
if(RCOSIM_NIGHTLY)
  add_test(NAME harden.mutate_smoke COMMAND $<TARGET_FILE:rcosim> mutate --suite smoke -n 60 --seed 29 -j 1
           --timeout 900 --min-score 98 -o ${CMAKE_BINARY_DIR}/mutate-smoke)
  set_tests_properties(harden.mutate_smoke PROPERTIES LABELS "harden;nightly" TIMEOUT 21600)
endif()

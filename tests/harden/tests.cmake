# ---- hardening (issue #17, docs/hardening.md): bad inputs, atomic outputs, round trip ---------
foreach(case numbers out_dirs vector_lines gzip_truncated long_lines gen_tmp deep_wave roundtrip
             stimulus_name hostile regress_usage regress_signal png_fails bundle_fails deep_paths huge_paint malformed
             export_out export_inputs export_killed resume_local resume_state resume_farm
             bare_cut wave_hier json_names assert_fifo assert_channel assert_gen supp_facts mutate)
  add_test(NAME harden.${case} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/harden/harden_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(harden.${case} PROPERTIES LABELS "harden;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1"
                       SKIP_RETURN_CODE 77)
endforeach()


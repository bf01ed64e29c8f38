# SystemC TLM-2.0 (docs/systemc.md): the platform example renders the desktop scene, the same
# transactions as the plain path, fault injection as SC_REPORT_ERROR, the recorded vector replays.
if(TARGET rcosim_systemc)
  add_executable(sc_platform ${CMAKE_CURRENT_LIST_DIR}/sc_platform.cpp)
  target_link_libraries(sc_platform PRIVATE rcosim_systemc rcosim_blocks rcosim_regdb)
  target_compile_options(sc_platform PRIVATE ${RCOSIM_WARNINGS})
  verilator_link_systemc(sc_platform)
  add_test(NAME systemc.platform
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/systemc_test.py
                   $<TARGET_FILE:sc_platform> $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/systemc_work)
  set_tests_properties(systemc.platform PROPERTIES LABELS "systemc" ENVIRONMENT SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1)
endif()

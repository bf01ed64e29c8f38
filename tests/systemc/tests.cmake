# SystemC TLM-2.0 (docs/systemc.md): the platform example renders the desktop scene, the same
# transactions as the plain path, fault injection as SC_REPORT_ERROR, the recorded vector replays.
# The steppable engine under the module (plain C, built with or without SystemC).
rcosim_add_cmocka_test(NAME test_session SOURCES systemc/test_session.c LIBS rcosim_toy LABELS "systemc;bridge;smoke")

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

# The example of docs/systemc.md, taken from between its markers, compiled and run.
if(TARGET rcosim_systemc)
  file(READ ${PROJECT_SOURCE_DIR}/docs/systemc.md _sc_doc)
  string(FIND "${_sc_doc}" "<!-- example begin -->\n```cpp\n" _sc_b)
  string(FIND "${_sc_doc}" "```\n<!-- example end -->" _sc_e)
  math(EXPR _sc_b "${_sc_b} + 30")
  math(EXPR _sc_n "${_sc_e} - ${_sc_b}")
  string(SUBSTRING "${_sc_doc}" ${_sc_b} ${_sc_n} _sc_code)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/sc_doc_example.cpp "${_sc_code}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/systemc.md)
  add_executable(sc_doc_example ${CMAKE_CURRENT_BINARY_DIR}/sc_doc_example.cpp)
  target_link_libraries(sc_doc_example PRIVATE rcosim_systemc rcosim_blocks rcosim_regdb)
  verilator_link_systemc(sc_doc_example)
  add_test(NAME systemc.doc_example COMMAND sc_doc_example)
  set_tests_properties(systemc.doc_example PROPERTIES LABELS "systemc" ENVIRONMENT SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1)
endif()

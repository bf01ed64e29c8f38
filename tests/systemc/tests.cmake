# SystemC TLM-2.0 (docs/systemc.md): the platform example renders the desktop scene, the same
# transactions as the plain path, fault injection as SC_REPORT_ERROR, the recorded vector replays.
# The steppable engine under the module (plain C, built with or without SystemC).
rcosim_add_cmocka_test(NAME test_session SOURCES systemc/test_session.c LIBS rcosim_toy LABELS "systemc;bridge;smoke")

if(TARGET rcosim_systemc)
  add_executable(sc_platform ${CMAKE_CURRENT_LIST_DIR}/sc_platform.cpp)
  target_link_libraries(sc_platform PRIVATE rcosim_systemc rcosim_blocks rcosim_regdb)
  target_compile_options(sc_platform PRIVATE ${RCOSIM_WARNINGS})
  verilator_link_systemc(sc_platform)
  rcosim_block_enabled(r5xx.pm4_2d _sc_pm4)
  if(_sc_pm4)
    add_test(NAME systemc.platform
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/systemc_test.py
                     $<TARGET_FILE:sc_platform> $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR}
                     ${CMAKE_CURRENT_BINARY_DIR}/systemc_work)
    set_tests_properties(systemc.platform PROPERTIES LABELS "systemc" ENVIRONMENT SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1)
  endif()
  # r5xx.gpu driven as a driver drives it (ring written, CP programmed through the target socket,
  # fence polled in TLM memory), identical to the plain run in both timing modes: a small scene in
  # CI, the full frame (about 4 minutes on the shared machine) in the nightly configuration.
  rcosim_block_enabled(r5xx.gpu _sc_gpu)
  if(_sc_gpu)
    set(_sc_gpu_cases "fence vectors/r5xx/gpu/fence.vec 70010c=1234")
    if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake)
      list(APPEND _sc_gpu_cases "frame vectors/r5xx/gpu/frame.vec.gz 700104=5EC0FFEE")
    endif()
    foreach(c ${_sc_gpu_cases})
      string(REPLACE " " ";" c ${c})
      list(GET c 0 name)
      list(GET c 1 vec)
      list(GET c 2 fence)
      add_test(NAME systemc.gpu.${name}
               COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/systemc_gpu_test.py
                       $<TARGET_FILE:sc_platform> $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR}
                       ${CMAKE_CURRENT_BINARY_DIR}/systemc_gpu_${name} ${vec} ${fence})
      set(_l "systemc;r5xx.gpu")
      if(name STREQUAL "frame")
        set(_l "systemc;r5xx.gpu;nightly")
      endif()
      set_tests_properties(systemc.gpu.${name} PROPERTIES LABELS "${_l}" ENVIRONMENT "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1;PYTHONDONTWRITEBYTECODE=1")
    endforeach()
  endif()
endif()

# The example of docs/systemc.md, taken from between its markers, compiled and run.
rcosim_block_enabled(r5xx.pm4_2d _sc_pm4)
if(TARGET rcosim_systemc AND _sc_pm4)
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

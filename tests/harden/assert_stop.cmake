# ---- an RTL assertion stops a lockstep run (issue 29, docs/hardening.md "An assertion stops the
# run"): rcosim_assert_brk is the CLI with r5xx.cp's RTL broken on purpose (its fetch queue 2
# deep instead of 4, tests/harden/assert_brk.py); harden.assert_stop checks its report against
# tests/golden/assert_stop.txt, report.json, exit 1, and the unbroken rcosim on the same run.
# Included by tests/r5xx/cp/tests.cmake (it needs r5xx.cp, also in a partial build).
if(TARGET r5xx_cp_model AND TARGET rcosim_regdb)
  set(brk ${CMAKE_BINARY_DIR}/gen/assert_brk)
  set(cpdir ${PROJECT_SOURCE_DIR}/rtl/r5xx/cp)
  file(GLOB brk_src CONFIGURE_DEPENDS ${cpdir}/*.sv ${PROJECT_SOURCE_DIR}/rtl/prim/*.sv)
  list(FILTER brk_src EXCLUDE REGEX "/r5xx_cp\\.sv$")
  # At configure time too: verilate() runs Verilator then (as blockgen's files are made).
  file(MAKE_DIRECTORY ${brk})
  execute_process(COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/harden/assert_brk.py sv
                          ${cpdir}/r5xx_cp.sv ${brk}/r5xx_cp.sv RESULT_VARIABLE brk_rc)
  if(NOT brk_rc EQUAL 0)
    message(FATAL_ERROR "tests/harden/assert_brk.py failed on ${cpdir}/r5xx_cp.sv")
  endif()
  add_custom_command(OUTPUT ${brk}/r5xx_cp.sv ${brk}/r5xx_cp_brk_rtl.cpp
    COMMAND ${CMAKE_COMMAND} -E make_directory ${brk}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/harden/assert_brk.py sv ${cpdir}/r5xx_cp.sv ${brk}/r5xx_cp.sv
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/harden/assert_brk.py shim
            ${CMAKE_BINARY_DIR}/gen/r5xx_cp/r5xx_cp_rtl.cpp ${brk}/r5xx_cp_brk_rtl.cpp
    DEPENDS ${cpdir}/r5xx_cp.sv ${CMAKE_BINARY_DIR}/gen/r5xx_cp/r5xx_cp_rtl.cpp
            ${PROJECT_SOURCE_DIR}/tests/harden/assert_brk.py
    COMMENT "r5xx.cp broken on purpose (harden.assert_stop)")
  add_library(r5xx_cp_brk_rtl STATIC ${brk}/r5xx_cp_brk_rtl.cpp)
  target_include_directories(r5xx_cp_brk_rtl PRIVATE ${CMAKE_BINARY_DIR}/gen/r5xx_cp ${PROJECT_SOURCE_DIR}/bridge)
  # -Wno-fatal: the smaller FIFO's count port is narrower than the net it drives (WIDTH).
  verilate(r5xx_cp_brk_rtl
    PREFIX Vr5xx_cp_brk
    TOP_MODULE r5xx_cp
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/r5xx_cp_brk
    SOURCES ${brk_src} ${brk}/r5xx_cp.sv ${CMAKE_BINARY_DIR}/gen/r5xx_cp/r5xx_cp_chk.sv
            ${CMAKE_BINARY_DIR}/gen/r5xx_cp/r5xx_cp_chk_bind.sv
    VERILATOR_ARGS -Wall -Wno-fatal --x-assign unique --x-initial unique -O1)
  rcosim_verilate_shared(r5xx_cp_brk_rtl)
  target_compile_options(r5xx_cp_brk_rtl PRIVATE -O1)
  add_executable(rcosim_assert_brk ${PROJECT_SOURCE_DIR}/tests/harden/assert_brk_main.c)
  target_link_libraries(rcosim_assert_brk PRIVATE r5xx_cp_brk_rtl r5xx_cp_model rcosim_bridge rcosim_regdb)
  target_compile_options(rcosim_assert_brk PRIVATE ${RCOSIM_WARNINGS})
  # In the build directory beside rcosim, exporting its symbols: its failure bundle's waveform is
  # r5xx.cp's plugin (wave/rcosim_wave_r5xx_cp.so, bridge/rc_waveplug.c), as rcosim's is.
  set_target_properties(rcosim_assert_brk PROPERTIES ENABLE_EXPORTS ON RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  add_test(NAME harden.assert_stop COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/harden/harden_test.py
           $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} assert_stop $<TARGET_FILE:rcosim_assert_brk>)
  set_tests_properties(harden.assert_stop PROPERTIES LABELS "harden;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endif()

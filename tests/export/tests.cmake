# Exported benches (docs/export.md): every shipped directed vector as a self-checking SystemVerilog
# bench under Icarus Verilog (label 'export', one test per block), faults, determinism, Verilator
# --binary, and the cocotb export (label 'cocotb').
find_program(IVERILOG_EXECUTABLE iverilog)
set(RCOSIM_EXPORT_WORK ${CMAKE_BINARY_DIR}/export-test)
# Verilator on more blocks is opt-in: each bench is a Verilator compile of minutes on this
# project's 2-core machines (docs/export.md, 'Known limits').
option(RCOSIM_EXPORT_LONG "also run the exported benches of more blocks under Verilator" OFF)
if(IVERILOG_EXECUTABLE)
  # r5xx.gfx2d (and r5xx.pm4_2d, which holds it) never leave time 0 under Icarus 11 (docs/export.md,
  # 'Known limits'): not registered until that is solved; they run under Verilator below.
  # r5xx.regs: its generated register file keeps the unpacked reset-value localparam Icarus 11
  # rejects (the Icarus-friendly form made Verilator's C++ take minutes to compile and its
  # coverage variant fail to verilate; docs/export.md).
  foreach(blk cp tile zb rb3d)
    file(GLOB vecs ${PROJECT_SOURCE_DIR}/vectors/r5xx/${blk}/*.vec ${PROJECT_SOURCE_DIR}/vectors/r5xx/${blk}/*.vec.gz)
    list(FILTER vecs EXCLUDE REGEX "/desktop\\.vec\\.gz$")
    add_test(NAME export.icarus.r5xx.${blk}
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/export/export_check.py
                     -o ${RCOSIM_EXPORT_WORK}/icarus-${blk} -j 1 ${vecs})
    set_tests_properties(export.icarus.r5xx.${blk} PROPERTIES LABELS "export;r5xx.${blk}"
                         ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
  foreach(case deterministic fault_icarus ordered_fault bad_vector)
    add_test(NAME export.${case}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/export_test.py
                     $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${RCOSIM_EXPORT_WORK} ${case})
    set_tests_properties(export.${case} PROPERTIES LABELS "export;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()
# Verilator --binary --timing: the fault and a seeded back-pressure + latency vector always; one
# vector of every other block with RCOSIM_EXPORT_LONG (each bench is a Verilator compile).
set(verilator_cases fault_verilator verilator:vectors/r5xx/zb/backpressure.vec verilator:vectors/r5xx/gfx2d/misc.vec)
if(RCOSIM_EXPORT_LONG)
  list(APPEND verilator_cases verilator:vectors/r5xx/cp/type0_worked.vec verilator:vectors/r5xx/regs/alias.vec
       verilator:vectors/r5xx/tile/backpressure.vec verilator:vectors/r5xx/rb3d/throughput.vec)
endif()
foreach(case ${verilator_cases})
  string(REGEX REPLACE "^verilator:vectors/r5xx/([^/]+)/([^.]+).*$" "verilator.r5xx.\\1.\\2" tname ${case})
  add_test(NAME export.${tname}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/export_test.py
                   $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${RCOSIM_EXPORT_WORK} ${case})
  set_tests_properties(export.${tname} PROPERTIES LABELS "export;export_verilator" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()
# cocotb (from PyPI, in the venv scripts/setup makes under the build directory): one vector per
# block, and the fault; skipped (77) where the venv is missing.
set(RCOSIM_COCOTB_VENV ${CMAKE_BINARY_DIR}/cocotb-venv)
if(IVERILOG_EXECUTABLE)
  foreach(vec cp/type0_worked.vec tile/backpressure.vec zb/backpressure.vec rb3d/throughput.vec
              cp/type0_worked.vec:fault)
    string(REGEX REPLACE ":fault$" "" path ${vec})
    string(REGEX REPLACE "^([^/]+)/([^.]+).*$" "cocotb.r5xx.\\1.\\2" tname ${vec})
    set(extra "")
    if(vec MATCHES ":fault$")
      set(extra fault)
      set(tname ${tname}.fault)
    endif()
    add_test(NAME export.${tname}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/cocotb_test.py $<TARGET_FILE:rcosim>
                     ${RCOSIM_COCOTB_VENV} ${RCOSIM_EXPORT_WORK} ${PROJECT_SOURCE_DIR}/vectors/r5xx/${path} ${extra})
    set_tests_properties(export.${tname} PROPERTIES LABELS "export;cocotb" SKIP_RETURN_CODE 77
                         ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()

# Exported benches (docs/export.md): every shipped directed vector as a self-checking SystemVerilog
# bench under Icarus Verilog (label 'export', one test per block), faults, determinism, Verilator
# --binary, and the cocotb export (label 'cocotb').
find_program(IVERILOG_EXECUTABLE iverilog)
set(RCOSIM_EXPORT_WORK ${CMAKE_BINARY_DIR}/export-test)
# Verilator on more blocks is opt-in: each bench is a Verilator compile of minutes on this
# project's 2-core machines (docs/export.md, 'Known limits').
option(RCOSIM_EXPORT_LONG "also run the long exported benches (Icarus) and more blocks under Verilator" OFF)
# The Icarus leg is generic over the vector directories: every vectors/<family>/<block>/ gives
# export.icarus.<family>.<block> (labels 'export' and the block's), so a new block is picked up at
# the next configure.  A vector Icarus takes more than ~60 s on (measured, docs/export.md 'Known
# limits') runs in export.icarus.<family>.<block>.long instead, registered with RCOSIM_EXPORT_LONG
# (which scripts/ctest-nightly.cmake sets) under the 'nightly' label.
# Each block's own export settings come from its manifest's `export` line (blockgen --cmake):
# RCOSIM_EXPORT_ICARUS_<block> no leaves it out of the Icarus leg (its RTL Icarus cannot take yet,
# or its vectors are not yet timed under Icarus: docs/export.md 'Known limits'),
# RCOSIM_EXPORT_COCOTB_<block> names its cocotb vector, RCOSIM_EXPORT_VERILATOR_<block> ci puts its
# Verilator leg into CI (otherwise nightly, with RCOSIM_EXPORT_LONG).
include(${CMAKE_BINARY_DIR}/gen/rc_blocks.cmake)
# Vectors too long for Icarus even at night (measured, docs/export.md 'Known limits'); Verilator
# runs them (export.verilator.<block>).
set(RCOSIM_EXPORT_ICARUS_TOO_LONG
    r5xx/gpu/frame.vec.gz        # 581,624 memory requests: not finished after 36 CPU-minutes
    r5xx/gfx2d/desktop.vec.gz    # not finished after 25 CPU-minutes
    r5xx/pm4_2d/desktop.vec.gz)  # not finished after 22 CPU-minutes
set(RCOSIM_EXPORT_NIGHTLY
    r5xx/gfx3d/scene.vec.gz    # 958 s
    r5xx/gfx3d/small.vec       # ~100 CPU-s with the PVS and the quad path inside (25 ms a cycle; 18 s before)
    r5xx/gfx3d/pvs_transform.vec   # not timed yet (PVS programs on every vertex)
    r5xx/gfx3d/xati_composite.vec  # not timed yet (PVS and the raster's quad path)
    r5xx/gpu/copy.vec    # 56 s of CPU under Icarus: keeps the gpu test near 80 s
    si/backend/scene.vec.gz)   # 53,045 cycles: 344 s under Icarus (small.vec is the CI case)
# cocotb legs too long for CI (cocotb drives every cycle from Python: the si.backend scene is
# 53,045 cycles and took over 8 CPU-minutes): nightly, with RCOSIM_EXPORT_LONG
# si/backend/small.vec: 51 s of a CI run (the composite's 4 parts driven from Python); pm4_2d's
# misc keeps a composite in the CI cocotb leg
set(RCOSIM_COCOTB_NIGHTLY si/backend/scene.vec.gz si/backend/small.vec)
set(RCOSIM_EXPORT_ICARUS_CI 4 CACHE STRING "per block, the number of its smallest vectors the CI Icarus leg runs (the rest: nightly)")
set(cocotb_vecs "")
if(IVERILOG_EXECUTABLE)
  file(GLOB vec_dirs LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/vectors/*/*)
  foreach(dir ${vec_dirs})
    if(NOT IS_DIRECTORY ${dir})
      continue()
    endif()
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/vectors ${dir})
    string(REPLACE "/" "." blk ${rel})
    file(GLOB vecs ${dir}/*.vec ${dir}/*.vec.gz)
    if(NOT vecs OR RCOSIM_EXPORT_ICARUS_${blk} STREQUAL "no")
      continue()
    endif()
    set(fast "")
    set(slow "")
    set(small "")
    set(small_size 0)
    foreach(v ${vecs})
      file(RELATIVE_PATH vrel ${PROJECT_SOURCE_DIR}/vectors ${v})
      if(vrel IN_LIST RCOSIM_EXPORT_ICARUS_TOO_LONG)
        continue()
      elseif(vrel IN_LIST RCOSIM_EXPORT_NIGHTLY)
        list(APPEND slow ${v})
      else()
        list(APPEND fast ${v})
        file(SIZE ${v} size)
        if(NOT small OR size LESS small_size)
          set(small ${v})
          set(small_size ${size})
        endif()
      endif()
    endforeach()
    # a changed expected value fails naming cycle and field (the block's smallest vector)
    if(small)
      file(RELATIVE_PATH srel ${PROJECT_SOURCE_DIR} ${small})
      add_test(NAME export.fault.${blk}
               COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/export_test.py
                       $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${RCOSIM_EXPORT_WORK} fault:${srel})
      set_tests_properties(export.fault.${blk} PROPERTIES LABELS "export;${blk}" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
    endif()
    # the cocotb leg: the block's smallest directed vector (or the one named below)
    if(DEFINED RCOSIM_EXPORT_COCOTB_${blk})
      set(small ${dir}/${RCOSIM_EXPORT_COCOTB_${blk}})
    endif()
    if(small)
      list(APPEND cocotb_vecs ${small})
    endif()
    # CI runs a block's RCOSIM_EXPORT_ICARUS_CI smallest vectors (by file size) under Icarus; the
    # others join the nightly .long test.  Every vector still runs in lockstep and replay under
    # Verilator in CI (vec.*, replay.*); the Icarus leg is the second simulator's check of the
    # exported benches, and all of them took 450 CPU-seconds of a CI run (2026-11-26).
    set(sized "")
    foreach(v ${fast})
      file(SIZE ${v} size)
      string(LENGTH "${size}" len)
      math(EXPR pad "12 - ${len}")
      string(REPEAT "0" ${pad} zeros)
      list(APPEND sized "${zeros}${size}|${v}")
    endforeach()
    list(SORT sized)
    set(fast "")
    set(i 0)
    foreach(e ${sized})
      string(REGEX REPLACE "^[0-9]+\\|" "" v "${e}")
      if(i LESS RCOSIM_EXPORT_ICARUS_CI)
        list(APPEND fast ${v})
      else()
        list(APPEND slow ${v})
      endif()
      math(EXPR i "${i} + 1")
    endforeach()
    foreach(kind fast slow)
      if(NOT ${kind} OR (kind STREQUAL "slow" AND NOT RCOSIM_EXPORT_LONG))
        continue()
      endif()
      set(tname export.icarus.${blk})
      set(labels "export;${blk}")
      if(kind STREQUAL "slow")
        set(tname ${tname}.long)
        set(labels "nightly;export_long")
      endif()
      add_test(NAME ${tname}
               COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/export/export_check.py
                       -o ${RCOSIM_EXPORT_WORK}/icarus-${blk} -j 1 --timeout 3600 ${${kind}})
      set_tests_properties(${tname} PROPERTIES LABELS "${labels}"
                           ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
    endforeach()
  endforeach()
  foreach(case deterministic fault_icarus ordered_fault bad_vector skip_too_long progress_tty)
    add_test(NAME export.${case}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/export_test.py
                     $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${RCOSIM_EXPORT_WORK} ${case})
    set_tests_properties(export.${case} PROPERTIES LABELS "export;smoke" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()
# Verilator --binary --timing: the fault always; every vector of a block through one build of its
# bench (export_check.py --verilator-only: CAP_ parameters from the block's largest vector, each
# vector's plusargs from its vector.args), for the blocks whose manifest says verilator=ci
# (r5xx.zb: seeded back-pressure and latency; r5xx.regs) always, for every block with
# RCOSIM_EXPORT_LONG (the nightly).
add_test(NAME export.verilator.fault
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/export_test.py
                 $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${RCOSIM_EXPORT_WORK} fault_verilator)
set_tests_properties(export.verilator.fault PROPERTIES LABELS "export;export_verilator" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
set(verilator_blocks "")
foreach(blk ${RCOSIM_BLOCK_NAMES})
  if(RCOSIM_EXPORT_VERILATOR_${blk} STREQUAL "ci")
    list(APPEND verilator_blocks ${blk})
  endif()
endforeach()
if(RCOSIM_EXPORT_LONG)
  file(GLOB vec_dirs LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/vectors/*/*)
  set(verilator_blocks "")
  foreach(dir ${vec_dirs})
    file(GLOB vecs ${dir}/*.vec ${dir}/*.vec.gz)
    if(IS_DIRECTORY ${dir} AND vecs)
      file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/vectors ${dir})
      string(REPLACE "/" "." blk ${rel})
      list(APPEND verilator_blocks ${blk})
    endif()
  endforeach()
endif()
foreach(blk ${verilator_blocks})
  add_test(NAME export.verilator.${blk}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/export/export_check.py --verilator-only
                   --block ${blk} -o ${RCOSIM_EXPORT_WORK}/verilator-${blk} -j 2)
  set(labels "export;export_verilator;${blk}")
  if(NOT RCOSIM_EXPORT_VERILATOR_${blk} STREQUAL "ci")
    set(labels "${labels};nightly")     # the manifests' verilator=ci blocks run whatever the option
  endif()
  set_tests_properties(export.verilator.${blk} PROPERTIES LABELS "${labels}"
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONPATH=${PROJECT_SOURCE_DIR}/scripts")
endforeach()
# The three back-pressure policies with random memory latency, exported from seeded random vectors
# and run under Icarus: the bench's policy and latency come from vector.args at run time.
add_test(NAME export.policies
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/export_test.py
                 $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${RCOSIM_EXPORT_WORK} policies)
set_tests_properties(export.policies PROPERTIES LABELS "export" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
# cocotb (from PyPI, in the venv scripts/setup makes under the build directory): one vector per
# block exported to Icarus above (cocotb_vecs), and the fault; skipped (77) where the venv is missing.
set(RCOSIM_COCOTB_VENV ${CMAKE_BINARY_DIR}/cocotb-venv)
if(IVERILOG_EXECUTABLE)
  # :fault a changed expected value is caught; :venv without cocotb on the PATH 'make' says what to
  # do and 'make COCOTB_VENV=VENV' runs
  foreach(vec ${cocotb_vecs} ${PROJECT_SOURCE_DIR}/vectors/r5xx/cp/type0_worked.vec:fault
              ${PROJECT_SOURCE_DIR}/vectors/r5xx/cp/type0_worked.vec:venv)
    string(REGEX REPLACE ":(fault|venv)$" "" path ${vec})
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/vectors ${path})
    string(REGEX REPLACE "^([^/]+)/([^/]+)/([^.]+).*$" "cocotb.\\1.\\2.\\3" tname ${rel})
    set(extra "")
    set(labels "export;cocotb")
    if(rel IN_LIST RCOSIM_COCOTB_NIGHTLY)
      if(NOT RCOSIM_EXPORT_LONG)
        continue()
      endif()
      set(labels "export;cocotb;nightly;export_long")
    endif()
    if(vec MATCHES ":(fault|venv)$")
      set(extra ${CMAKE_MATCH_1})
      set(tname ${tname}.${CMAKE_MATCH_1})
    endif()
    add_test(NAME export.${tname}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/export/cocotb_test.py $<TARGET_FILE:rcosim>
                     ${RCOSIM_COCOTB_VENV} ${RCOSIM_EXPORT_WORK} ${path} ${extra})
    set_tests_properties(export.${tname} PROPERTIES LABELS "${labels}" SKIP_RETURN_CODE 77
                         ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()

# rcosim import (docs/import.md): captured PM4 dumps (Linux radeon debugfs text, binary dwords) and
# memory snapshots into r5xx.gpu vectors.  Every shipped r5xx.gpu vector is written out as a dump
# (scripts/pm4import/export_dump.py), imported back, filled by 'rcosim gen' and run in lockstep:
# the same transactions, memory, fence and pictures.  The full frame's round trip: the nightly
# configuration.
rcosim_block_enabled(r5xx.gpu _imp_gpu)
if(_imp_gpu)
  set(_imp_cases errors layouts rptr_wrap cli roundtrip:ib_test.vec roundtrip:ib_test.vec:binary
      roundtrip:fence.vec roundtrip:fill_pkt.vec roundtrip:blit_regs.vec:binary roundtrip:copy.vec
      roundtrip:write_mask.vec roundtrip:ring_start.vec roundtrip:unknown.vec)
  if(RCOSIM_NIGHTLY)   # the nightly configuration only (scripts/ctest-nightly.cmake): about a minute each
    list(APPEND _imp_cases roundtrip:frame.vec.gz roundtrip:frame.vec.gz:binary)
  endif()
  foreach(case ${_imp_cases})
    string(REGEX REPLACE "[:]" "." _n "${case}")
    string(REGEX REPLACE "\\.vec(\\.gz)?" "" _n "${_n}")
    add_test(NAME import.${_n} COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/import_test.py
             $<TARGET_FILE:rcosim> ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/import_work/${_n} ${case})
    if(case MATCHES "frame")
      set(_l "import;r5xx.gpu;nightly")
    else()
      set(_l "import;r5xx.gpu;smoke")
    endif()
    set_tests_properties(import.${_n} PROPERTIES LABELS "${_l}" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endif()

# regdb.cmake - the register database: C tables generated from model/regdb/<family>.json, the
# rcosim_regdb library (lookup, decode, encode, the 'regs' command) and its tests.
# Included from the top-level CMakeLists.txt; needs Python3_EXECUTABLE, RCOSIM_WARNINGS and the
# rcosim_add_cmocka_test() function.

get_filename_component(RDB_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(RDB_DIR ${CMAKE_CURRENT_LIST_DIR})
set(RDB_GEN_DIR ${CMAKE_CURRENT_BINARY_DIR}/regdb)
set(RDB_FAMILIES r5xx si)

# The seed documents the DB was generated from; only the regeneration test reads them, and it
# skips when they are absent (the project builds and tests without them).
set(RCOSIM_SEEDS_DIR "${CMAKE_SOURCE_DIR}/../shared/seeds" CACHE PATH
    "Folder of the source documents (seeds) the register database is generated from")

set(rdb_tables "")
foreach(fam ${RDB_FAMILIES})
  set(out ${RDB_GEN_DIR}/rdb_${fam}.c)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${Python3_EXECUTABLE} ${RDB_ROOT}/scripts/regdb_ctab.py ${RDB_DIR}/${fam}.json -o ${out}
    DEPENDS ${RDB_DIR}/${fam}.json ${RDB_ROOT}/scripts/regdb_ctab.py
    COMMENT "regdb: C tables for ${fam}"
    VERBATIM)
  list(APPEND rdb_tables ${out})
endforeach()

# The supplement (registers the seeds do not define, from public driver headers; docs/blocks/r5xx.regs.md):
# its own table, rdb_family_r5xx_supp, consulted by the lookups after the seed-derived one.
set(out ${RDB_GEN_DIR}/rdb_r5xx_supp.c)
add_custom_command(
  OUTPUT ${out}
  COMMAND ${Python3_EXECUTABLE} ${RDB_ROOT}/scripts/regdb_ctab.py ${RDB_DIR}/r5xx_supp.json -o ${out}
  DEPENDS ${RDB_DIR}/r5xx_supp.json ${RDB_ROOT}/scripts/regdb_ctab.py
  COMMENT "regdb: C tables for the r5xx supplement"
  VERBATIM)
list(APPEND rdb_tables ${out})

add_library(rcosim_regdb STATIC ${RDB_DIR}/regdb.c ${RDB_DIR}/regs_cmd.c ${RDB_DIR}/rdb_inst.c ${rdb_tables})
target_include_directories(rcosim_regdb PUBLIC ${RDB_DIR})
target_compile_options(rcosim_regdb PRIVATE ${RCOSIM_WARNINGS})

# ---- tests ----------------------------------------------------------------------------------

set(RDB_TEST_DIR ${RDB_ROOT}/tests/regdb)

rcosim_add_cmocka_test(NAME regdb_api
  SOURCES ${RDB_TEST_DIR}/test_regdb_api.c
  LIBS rcosim_regdb
  LABELS regdb)

rcosim_add_cmocka_test(NAME regdb_cmd
  SOURCES ${RDB_TEST_DIR}/test_regs_cmd.c
  LIBS rcosim_regdb
  LABELS regdb)

# Parser unit tests on the tricky entries (synthetic excerpts; real-seed checks skip without seeds).
add_test(NAME regdb_parser
  COMMAND ${Python3_EXECUTABLE} -m unittest -v test_regdb_gen
  WORKING_DIRECTORY ${RDB_TEST_DIR})
set_tests_properties(regdb_parser PROPERTIES
  LABELS "unit;regdb"
  ENVIRONMENT "RCOSIM_ROOT=${RDB_ROOT};RCOSIM_SEEDS_DIR=${RCOSIM_SEEDS_DIR};PYTHONDONTWRITEBYTECODE=1")

# Regenerates both DBs from the seeds and fails on any difference from the committed JSON;
# prints "SKIP: ../shared/seeds not found" and passes when the seeds are absent.
add_test(NAME regdb_regen
  COMMAND ${Python3_EXECUTABLE} ${RDB_TEST_DIR}/regen_check.py --root ${RDB_ROOT} --seeds ${RCOSIM_SEEDS_DIR})
set_tests_properties(regdb_regen PROPERTIES LABELS "regdb")

# `rcosim regs --family si --inst` against llvm-mc (Debian LLVM 14, -mcpu=bonaire) on every opcode of
# every format that llvm-mc assembles (1,184 encodings, VOP3 forms of VOPC/VOP2/VOP1 included); the
# injected wrong answer must be caught.
add_test(NAME regdb_inst_llvm
  COMMAND ${Python3_EXECUTABLE} ${RDB_TEST_DIR}/inst_llvm_check.py --rcosim $<TARGET_FILE:rcosim> --min-checked 1184)
set_tests_properties(regdb_inst_llvm PROPERTIES LABELS "regdb" ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
add_test(NAME regdb_inst_llvm_inject
  COMMAND ${Python3_EXECUTABLE} ${RDB_TEST_DIR}/inst_llvm_check.py --rcosim $<TARGET_FILE:rcosim> --only SQ_SOP1 --inject)
set_tests_properties(regdb_inst_llvm_inject PROPERTIES LABELS "regdb"
  ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

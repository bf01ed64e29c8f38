# rcosim.cmake - the block contract in CMake: rcosim_add_block() builds one block from its
# description, RTL and model; rcosim_finish_blocks() writes the registry and the rcosim CLI.

set_property(GLOBAL PROPERTY RCOSIM_BLOCK_IDS "")

# RCOSIM_COVERAGE=ON adds a second executable, rcosim_cov, whose RTL is verilated with line and
# toggle coverage (each run writes coverage.dat, or $RCOSIM_COVERAGE_FILE); 'rcosim regress
# --coverage' configures and builds it in BUILD-cov.  The plain rcosim is unchanged.
option(RCOSIM_COVERAGE "also build rcosim_cov, the RTL with Verilator line and toggle coverage" OFF)

# rcosim_add_block(FAMILY NAME): rtl/FAMILY/NAME/NAME.block describes the ports; the RTL top module
# is FAMILY_NAME in rtl/FAMILY/NAME/*.sv; the model is model/FAMILY/NAME/*.c and defines
# FAMILY_NAME_model_ops and FAMILY_NAME_stimulus.
#
# rcosim_add_block(FAMILY NAME USES DEP...): the block also uses the RTL modules and the model code
# of blocks FAMILY.DEP registered before it (e.g. the depth and colour backends use r5xx.tile's
# address generator): their .sv files are verilated with it (their tops stay unused) and its
# model links theirs.  USES_TOP DEP...: the same, tops included (a composite block instantiates them).
function(rcosim_add_block family name)
  cmake_parse_arguments(B "" "" "USES;USES_TOP" ${ARGN})
  set(id ${family}_${name})
  set(dir ${PROJECT_SOURCE_DIR}/rtl/${family}/${name})
  set(desc ${dir}/${name}.block)
  set(gen ${CMAKE_BINARY_DIR}/gen/${id})
  file(GLOB rtl_src CONFIGURE_DEPENDS ${dir}/*.sv)
  # Primitives every block may use (rtl/prim: prim_fifo, ...).
  file(GLOB prim_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/prim/*.sv)
  list(APPEND rtl_src ${prim_src})
  foreach(dep ${B_USES})
    file(GLOB dep_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/${family}/${dep}/*.sv)
    list(FILTER dep_src EXCLUDE REGEX "/${family}_${dep}\\.sv$")
    list(APPEND rtl_src ${dep_src})
  endforeach()
  # USES_TOP: a composite block instantiates these blocks' top modules too (all their RTL).
  foreach(dep ${B_USES_TOP})
    file(GLOB dep_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/${family}/${dep}/*.sv)
    list(APPEND rtl_src ${dep_src})
  endforeach()
  file(GLOB model_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/model/${family}/${name}/*.c)
  # Run the generator at configure time too, so verilate() (which runs at configure time) and the
  # first build see the generated files; the custom command keeps them fresh afterwards.
  execute_process(COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py ${desc} -o ${gen}
                  RESULT_VARIABLE gen_rc)
  if(NOT gen_rc EQUAL 0)
    message(FATAL_ERROR "blockgen failed on ${desc}")
  endif()
  add_custom_command(
    OUTPUT ${gen}/${id}_ports.h ${gen}/${id}_desc.c ${gen}/${id}_rtl.cpp ${gen}/${id}_wave.sv ${gen}/${id}_wave.cpp
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py ${desc} -o ${gen}
    DEPENDS ${desc} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py
    COMMENT "blockgen ${family}.${name}")

  # The Verilated RTL and its generated shim (the shim must be in the verilate()d target).
  add_library(${id}_rtl STATIC ${gen}/${id}_rtl.cpp)
  target_include_directories(${id}_rtl PRIVATE ${gen} ${PROJECT_SOURCE_DIR}/bridge)
  verilate(${id}_rtl TRACE_FST
    PREFIX V${id}
    TOP_MODULE ${id}
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${id}
    SOURCES ${rtl_src}
    VERILATOR_ARGS -Wall --x-assign unique --x-initial unique -O3)

  # The same RTL inside its generated waveform wrapper (expected values beside the actual
  # ones, mismatch signals), used only to re-run a failure with tracing on.
  add_library(${id}_wave STATIC ${gen}/${id}_wave.cpp)
  target_include_directories(${id}_wave PRIVATE ${gen} ${PROJECT_SOURCE_DIR}/bridge)
  verilate(${id}_wave TRACE_FST
    PREFIX V${id}_wave
    TOP_MODULE ${id}_wave
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${id}_wave
    SOURCES ${rtl_src} ${gen}/${id}_wave.sv
    VERILATOR_ARGS -Wall --x-assign unique --x-initial unique -O3)

  # The C model, its stimulus generator and the block's descriptor table.
  add_library(${id}_model STATIC ${model_src} ${gen}/${id}_desc.c)
  target_include_directories(${id}_model PUBLIC ${gen} ${PROJECT_SOURCE_DIR}/model/${family}/${name})
  target_link_libraries(${id}_model PUBLIC rcosim_bridge ${id}_rtl ${id}_wave)
  foreach(dep ${B_USES} ${B_USES_TOP})
    target_link_libraries(${id}_model PUBLIC ${family}_${dep}_model)
  endforeach()
  # A model may build its tables from the register database (r5xx.regs does).
  if(TARGET rcosim_regdb)
    target_link_libraries(${id}_model PUBLIC rcosim_regdb)
  endif()
  target_compile_options(${id}_model PRIVATE ${RCOSIM_WARNINGS})

  # Coverage variant: the same RTL verilated with COVERAGE as separate targets (${id}_rtl_cov and
  # a copy of the model library linking it instead of ${id}_rtl), linked only into rcosim_cov:
  # verilate()d libraries in one binary must share their flags.  Keep the arguments in step with
  # ${id}_rtl above.
  if(RCOSIM_COVERAGE)
    add_library(${id}_rtl_cov STATIC ${gen}/${id}_rtl.cpp)
    target_include_directories(${id}_rtl_cov PRIVATE ${gen} ${PROJECT_SOURCE_DIR}/bridge)
    verilate(${id}_rtl_cov TRACE_FST COVERAGE
      PREFIX V${id}
      TOP_MODULE ${id}
      DIRECTORY ${CMAKE_BINARY_DIR}/verilated_cov/${id}
      SOURCES ${rtl_src}
      VERILATOR_ARGS -Wall --x-assign unique --x-initial unique -O3)
    get_target_property(cov_src ${id}_model SOURCES)
    get_target_property(cov_libs ${id}_model LINK_LIBRARIES)
    list(TRANSFORM cov_libs REPLACE "^${id}_rtl$" ${id}_rtl_cov)
    list(TRANSFORM cov_libs REPLACE "^(${family}_[A-Za-z0-9_]+)_model$" "\\1_model_cov")   # USES
    add_library(${id}_model_cov STATIC ${cov_src})
    target_include_directories(${id}_model_cov PUBLIC $<TARGET_PROPERTY:${id}_model,INCLUDE_DIRECTORIES>)
    target_link_libraries(${id}_model_cov PUBLIC ${cov_libs})
    target_compile_options(${id}_model_cov PRIVATE ${RCOSIM_WARNINGS})
  endif()

  set_property(GLOBAL APPEND PROPERTY RCOSIM_BLOCK_IDS ${id})
endfunction()

# Writes the registry of blocks and builds the rcosim executable.
function(rcosim_finish_blocks)
  get_property(ids GLOBAL PROPERTY RCOSIM_BLOCK_IDS)
  set(src "/* Generated by cmake/rcosim.cmake from the rcosim_add_block() lines. Do not edit. */\n")
  string(APPEND src "#include \"rc_block.h\"\n")
  foreach(id ${ids})
    string(APPEND src "extern const rc_block_desc ${id}_block;\n")
  endforeach()
  string(APPEND src "const rc_block_desc *const rc_blocks[] = {\n")
  foreach(id ${ids})
    string(APPEND src "    &${id}_block,\n")
  endforeach()
  list(LENGTH ids n)
  string(APPEND src "};\nconst unsigned rc_nblocks = ${n};\n")
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/gen/rc_registry.c CONTENT "${src}")

  # An object library: its object goes straight into every executable that links it, so the
  # engine's references to the registry resolve whatever the static-library order.
  add_library(rcosim_blocks OBJECT ${CMAKE_BINARY_DIR}/gen/rc_registry.c)
  target_link_libraries(rcosim_blocks PUBLIC rcosim_bridge)
  foreach(id ${ids})
    target_link_libraries(rcosim_blocks PUBLIC ${id}_model)
  endforeach()
  target_link_libraries(rcosim_blocks PUBLIC rcosim_bridge)

  add_executable(rcosim ${PROJECT_SOURCE_DIR}/model/rcosim_main.c)
  target_link_libraries(rcosim PRIVATE rcosim_blocks rcosim_regdb)
  target_compile_definitions(rcosim PRIVATE RCOSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  target_compile_options(rcosim PRIVATE ${RCOSIM_WARNINGS})

  # rcosim_cov (RCOSIM_COVERAGE=ON): rcosim built from the coverage variants of every block.
  if(RCOSIM_COVERAGE)
    add_library(rcosim_blocks_cov OBJECT ${CMAKE_BINARY_DIR}/gen/rc_registry.c)
    target_link_libraries(rcosim_blocks_cov PUBLIC rcosim_bridge)
    foreach(id ${ids})
      target_link_libraries(rcosim_blocks_cov PUBLIC ${id}_model_cov)
    endforeach()
    get_target_property(cov_src rcosim SOURCES)
    get_target_property(cov_libs rcosim LINK_LIBRARIES)
    list(TRANSFORM cov_libs REPLACE "^rcosim_blocks$" rcosim_blocks_cov)
    add_executable(rcosim_cov ${cov_src})
    target_link_libraries(rcosim_cov PRIVATE ${cov_libs})
    target_include_directories(rcosim_cov PRIVATE $<TARGET_PROPERTY:rcosim,INCLUDE_DIRECTORIES>)
    target_compile_definitions(rcosim_cov PRIVATE $<TARGET_PROPERTY:rcosim,COMPILE_DEFINITIONS>)
    target_compile_options(rcosim_cov PRIVATE ${RCOSIM_WARNINGS})
  endif()
endfunction()

# rcosim_add_cmocka_test(NAME n SOURCES s... [LIBS l...] [LABELS x...]): a cmocka unit test,
# registered with CTest; its JUnit XML lands in ${CMAKE_BINARY_DIR}/junit/<group>.xml.
function(rcosim_add_cmocka_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} ${CMOCKA_LIBRARIES})
  target_include_directories(${T_NAME} PRIVATE ${CMOCKA_INCLUDE_DIR})
  target_compile_options(${T_NAME} PRIVATE ${RCOSIM_WARNINGS})
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  set_tests_properties(${T_NAME} PROPERTIES
    LABELS "unit;${T_LABELS}"
    ENVIRONMENT "CMOCKA_MESSAGE_OUTPUT=stdout"
    FIXTURES_REQUIRED junit_dir)
  # The same test again writing JUnit XML (cmocka 1.1.5 will not overwrite an existing file,
  # hence the fixture that empties the directory first).
  add_test(NAME ${T_NAME}_junit COMMAND ${T_NAME})
  set_tests_properties(${T_NAME}_junit PROPERTIES
    LABELS "junit;${T_LABELS}"
    ENVIRONMENT "CMOCKA_MESSAGE_OUTPUT=xml;CMOCKA_XML_FILE=${CMAKE_BINARY_DIR}/junit/%g.xml"
    FIXTURES_REQUIRED junit_dir)
endfunction()

# rcosim.cmake - the block contract in CMake: rcosim_add_block() builds one block from its
# description, RTL and model; rcosim_finish_blocks() writes the registry and the rcosim CLI.

set_property(GLOBAL PROPERTY RCOSIM_BLOCK_IDS "")

# RCOSIM_SANITIZE_OWN=ON (default) adds a second executable, rcosim_san, and a second copy of
# every cmocka unit test (<test>_san): OUR code (bridge/, model/, the register database, the CLI
# and the generated shims) compiled with -fsanitize=address,undefined, linked with the SAME
# Verilated libraries as rcosim (not instrumented: ASan allows the mix).  CTest label 'sanitize'
# (tests/sanitize/tests.cmake); docs/hardening.md, "Sanitizers".  Off where the full
# RCOSIM_SANITIZE=ON build is asked for (everything is instrumented there) or the compiler has no
# sanitizer runtime.
option(RCOSIM_SANITIZE_OWN "also build rcosim_san: our C code with ASan+UBSan, Verilated RTL plain" ON)
if(RCOSIM_SANITIZE_OWN AND NOT RCOSIM_SANITIZE)
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=address,undefined")
  set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=address,undefined")
  check_c_source_compiles("int main(void) { return 0; }" RCOSIM_HAVE_SANITIZERS)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(RCOSIM_HAVE_SANITIZERS)
    set(RCOSIM_SAN ON)
    find_package(Threads REQUIRED)    # bridge/ links it; imported targets are per directory
  else()
    message(STATUS "no -fsanitize=address,undefined runtime (libasan, libubsan): rcosim_san skipped")
  endif()
endif()
set(RCOSIM_SAN_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g)

# rcosim_san_clone(TARGET): TARGET_san, the same sources, include directories, definitions and
# options with the sanitizer flags; each library it links that is ours gets its own _san twin
# (cloned here first); the Verilated libraries (<id>_rtl, <id>_wave) and imported ones stay.
function(rcosim_san_clone tgt)
  if(TARGET ${tgt}_san)
    return()
  endif()
  get_target_property(type ${tgt} TYPE)
  get_target_property(srcs ${tgt} SOURCES)
  get_target_property(sdir ${tgt} SOURCE_DIR)
  set(abs "")
  foreach(s ${srcs})
    if(NOT IS_ABSOLUTE ${s})
      set(s ${sdir}/${s})
    endif()
    list(APPEND abs ${s})
  endforeach()
  if(type STREQUAL "EXECUTABLE")
    add_executable(${tgt}_san ${abs})
  elseif(type STREQUAL "OBJECT_LIBRARY")
    add_library(${tgt}_san OBJECT ${abs})
  else()
    add_library(${tgt}_san STATIC ${abs})
  endif()
  target_include_directories(${tgt}_san PRIVATE $<TARGET_PROPERTY:${tgt},INCLUDE_DIRECTORIES>)
  if(NOT type STREQUAL "EXECUTABLE")
    target_include_directories(${tgt}_san INTERFACE $<TARGET_PROPERTY:${tgt},INTERFACE_INCLUDE_DIRECTORIES>)
  endif()
  target_compile_definitions(${tgt}_san PRIVATE $<TARGET_PROPERTY:${tgt},COMPILE_DEFINITIONS>)
  # Our warnings (-Werror) on C only: the C++ shims include Verilator's headers.
  target_compile_options(${tgt}_san PRIVATE $<$<COMPILE_LANGUAGE:C>:$<TARGET_PROPERTY:${tgt},COMPILE_OPTIONS>> ${RCOSIM_SAN_FLAGS})
  target_link_options(${tgt}_san PUBLIC -fsanitize=address,undefined)
  get_target_property(libs ${tgt} LINK_LIBRARIES)
  if(NOT libs)
    set(libs "")
  endif()
  foreach(l ${libs})
    if(TARGET ${l} AND NOT l MATCHES "(_rtl|_wave|_rtl_cov)$")
      get_target_property(imported ${l} IMPORTED)
      if(NOT imported)
        rcosim_san_clone(${l})
        set(l ${l}_san)
      endif()
    endif()
    if(type STREQUAL "EXECUTABLE")
      target_link_libraries(${tgt}_san PRIVATE ${l})
    else()
      target_link_libraries(${tgt}_san PUBLIC ${l})
    endif()
  endforeach()
endfunction()

# RCOSIM_COVERAGE=ON adds a second executable, rcosim_cov, whose RTL is verilated with line and
# toggle coverage (each run writes coverage.dat, or $RCOSIM_COVERAGE_FILE); 'rcosim regress
# --coverage' configures and builds it in BUILD-cov.  The plain rcosim is unchanged.
option(RCOSIM_COVERAGE "also build rcosim_cov, the RTL with Verilator line and toggle coverage" OFF)
set(RCOSIM_COVERAGE_BLOCKS "" CACHE STRING "rcosim_cov: only these blocks (e.g. r5xx.vap;r5xx.gfx3d); empty: every block")

# rcosim_add_block(FAMILY.NAME): one block, from its manifest rtl/FAMILY/NAME/NAME.block (found
# by rcosim_discover_blocks below; nobody calls this with a list).  The RTL top module is
# FAMILY_NAME in rtl/FAMILY/NAME/*.sv; the model is model/FAMILY/NAME/*.c and defines
# FAMILY_NAME_model_ops and FAMILY_NAME_stimulus.  The manifest's `uses` blocks give their RTL
# modules (tops left out) and their models; its `parts` (a composite's, transitively) give all their
# RTL, tops included; blockgen --cmake resolved both into RCOSIM_USES_<name>/RCOSIM_PARTS_<name>.
# The Verilator runtime (verilated.cpp, verilated_threads.cpp, verilated_fst_c.cpp), compiled once
# for every block: verilate() puts its own copy of these sources into each target it is called on
# (toolchain.md §2, note 2), which compiled them 2 × (number of blocks) times, about a quarter of
# a fresh build's CPU time.  They do not read VM_TRACE or VM_COVERAGE (grep the three files), so
# one object serves the traced and the untraced variants.  The coverage variants keep their own
# (verilated_cov.cpp is theirs alone).
# rcosim_vl_printf(TARGET): TARGET's copy of the Verilator runtime prints through rc_vl_printf.
function(rcosim_vl_printf target)
  target_compile_definitions(${target} PRIVATE VL_PRINTF=rc_vl_printf)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-include$<SEMICOLON>${PROJECT_SOURCE_DIR}/bridge/rc_vlassert.h>)
endfunction()

option(RCOSIM_RTL_CHECKERS "bind the generated channel checkers (blockgen) into every block's Verilated RTL" ON)
set(RCOSIM_WAVE_OPT -O1 CACHE STRING "compiler optimisation of the waveform plugins <id>_wave (they only re-run a failure with tracing on)")
set(RCOSIM_WAVE_PREBUILT "r5xx.cp" CACHE STRING "blocks whose waveform plugin the default build makes (all: every block); the others are built when a failure needs them")

function(rcosim_verilated_runtime)
  if(TARGET rcosim_verilated)
    return()
  endif()
  set(inc ${VERILATOR_ROOT}/include)
  add_library(rcosim_verilated STATIC ${inc}/verilated.cpp ${inc}/verilated_threads.cpp ${inc}/verilated_fst_c.cpp
              ${PROJECT_SOURCE_DIR}/bridge/rc_vlassert.c)
  target_include_directories(rcosim_verilated PRIVATE ${inc} ${inc}/vltstd)
  target_compile_definitions(rcosim_verilated PRIVATE VM_COVERAGE=0 VM_SC=0 VM_TRACE=1 VM_TRACE_VCD=0 VM_TRACE_FST=1)
  # The runtime prints through rc_vl_printf, which keeps the RTL's assertion failures for the
  # engine (bridge/rc_vlassert.h; docs/hardening.md "An assertion stops the run").
  rcosim_vl_printf(rcosim_verilated)
  find_package(Threads REQUIRED)
  target_link_libraries(rcosim_verilated PUBLIC ZLIB::ZLIB Threads::Threads)
endfunction()

# rcosim_verilate_shared(TARGET): take verilate()'s copy of the runtime out of TARGET and link the
# one rcosim_verilated instead.
function(rcosim_verilate_shared target)
  rcosim_verilated_runtime()
  get_target_property(srcs ${target} SOURCES)
  list(FILTER srcs EXCLUDE REGEX "/include/verilated(_threads|_fst_c|_vcd_c)?\\.cpp$")
  set_property(TARGET ${target} PROPERTY SOURCES ${srcs})
  target_link_libraries(${target} PUBLIC rcosim_verilated)
endfunction()

function(rcosim_add_block name)
  string(REPLACE "." ";" fn ${name})
  list(GET fn 0 family)
  list(GET fn 1 bname)
  set(id ${family}_${bname})
  set(dir ${PROJECT_SOURCE_DIR}/rtl/${family}/${bname})
  set(desc ${dir}/${bname}.block)
  set(gen ${CMAKE_BINARY_DIR}/gen/${id})
  file(GLOB rtl_src CONFIGURE_DEPENDS ${dir}/*.sv)
  # Primitives every block may use (rtl/prim: prim_fifo, ...).
  file(GLOB prim_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/prim/*.sv)
  list(APPEND rtl_src ${prim_src})
  set(dep_ids "")
  foreach(dep ${RCOSIM_USES_${name}})
    string(REPLACE "." "/" ddir ${dep})
    string(REPLACE "." "_" did ${dep})
    file(GLOB dep_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/${ddir}/*.sv)
    list(FILTER dep_src EXCLUDE REGEX "/${did}\\.sv$")
    list(APPEND rtl_src ${dep_src})
    list(APPEND dep_ids ${did})
  endforeach()
  # parts: a composite block instantiates these blocks' top modules too (all their RTL).
  foreach(dep ${RCOSIM_PARTS_${name}})
    string(REPLACE "." "/" ddir ${dep})
    string(REPLACE "." "_" did ${dep})
    file(GLOB dep_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/${ddir}/*.sv)
    list(APPEND rtl_src ${dep_src})
    list(APPEND dep_ids ${did})
  endforeach()
  file(GLOB model_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/model/${family}/${bname}/*.c)
  # Run the generator at configure time too, so verilate() (which runs at configure time) and the
  # first build see the generated files; the custom command keeps them fresh afterwards.
  execute_process(COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py ${desc} -o ${gen}
                  RESULT_VARIABLE gen_rc)
  if(NOT gen_rc EQUAL 0)
    message(FATAL_ERROR "blockgen failed on ${desc}")
  endif()
  # The generated channel checker (blockgen gen_checker; docs/hardening.md "Channel
  # assertions") of this block's top ports, bound into its top, and in a composite every part's
  # checker too: `bind FAMILY_NAME ...` reaches every instance of the part, so the channels
  # between the parts and the glue are held to the valid/ready rule as well.
  set(chk_src "")
  if(RCOSIM_RTL_CHECKERS)
    set(chk_src ${gen}/${id}_chk.sv ${gen}/${id}_chk_bind.sv)
    foreach(dep ${RCOSIM_PARTS_${name}})
      string(REPLACE "." "_" did ${dep})
      set(pgen ${CMAKE_BINARY_DIR}/gen/${did})
      if(NOT EXISTS ${pgen}/${did}_chk_bind.sv)
        # verilate() runs at configure time: the part's generated files must exist now
        execute_process(COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py
                                ${RCOSIM_DESC_${dep}} -o ${pgen} RESULT_VARIABLE gen_rc)
        if(NOT gen_rc EQUAL 0)
          message(FATAL_ERROR "blockgen failed on ${RCOSIM_DESC_${dep}}")
        endif()
      endif()
      list(APPEND chk_src ${pgen}/${did}_chk.sv ${pgen}/${did}_chk_bind.sv)
    endforeach()
  endif()
  add_custom_command(
    OUTPUT ${gen}/${id}_ports.h ${gen}/${id}_desc.c ${gen}/${id}_rtl.cpp ${gen}/${id}_wave.sv ${gen}/${id}_wave.cpp
           ${gen}/${id}_chk.sv ${gen}/${id}_chk_bind.sv
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py ${desc} -o ${gen}
    DEPENDS ${desc} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py
    COMMENT "blockgen ${name}")

  # The Verilated RTL and its generated shim (the shim must be in the verilate()d target).
  # Not traced: waveforms come from ${id}_wave below, and tracing costs the RTL 3-12 % of its
  # instructions per cycle even when nothing is dumped (docs/ARCHITECTURE.md, "Verilator and
  # compiler flags").  Verilator 5.006's runtime (verilated.cpp) compiles to the same object
  # with VM_TRACE 0 and 1, so the traced _wave and untraced _rtl libraries link into one binary.
  add_library(${id}_rtl STATIC ${gen}/${id}_rtl.cpp)
  target_include_directories(${id}_rtl PRIVATE ${gen} ${PROJECT_SOURCE_DIR}/bridge)
  verilate(${id}_rtl
    PREFIX V${id}
    TOP_MODULE ${id}
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${id}
    SOURCES ${rtl_src} ${chk_src}
    VERILATOR_ARGS -Wall --x-assign unique --x-initial unique -O3
    OPT_SLOW -O0)
  rcosim_verilate_shared(${id}_rtl)

  # The same RTL inside its generated waveform wrapper (expected values beside the actual
  # ones, mismatch signals), used only to re-run a failure with tracing on: a plugin
  # (wave/rcosim_wave_<id>.so) that rcosim builds and loads when a failure needs it
  # (bridge/rc_waveplug.c), not part of the default build unless RCOSIM_WAVE_PREBUILT names the
  # block: compiling every block's traced variant was more than a third of a fresh build
  # (issue 28).  The target <id>_wave configures and builds the one-block project cmake/wave in
  # wave/<id>-build (cmake/wave_build.cmake), so Verilator runs on the wrapper at build time,
  # when the plugin is first wanted, not at every configure of this tree (issue 28: it was half
  # of the configure time).  The file below tells that project what to build.
  set(wargs "# Generated by cmake/rcosim.cmake: what cmake/wave builds for ${name}. Do not edit.\n")
  string(APPEND wargs "set(id ${id})\nset(gen ${gen})\nset(bridge ${PROJECT_SOURCE_DIR}/bridge)\n")
  string(APPEND wargs "set(out ${CMAKE_BINARY_DIR}/wave)\nset(opt ${RCOSIM_WAVE_OPT})\n")
  string(APPEND wargs "set(sanitize ${RCOSIM_SANITIZE})\nset(rtl_src\n")
  foreach(f ${rtl_src})
    string(APPEND wargs "  ${f}\n")
  endforeach()
  string(APPEND wargs ")\n")
  file(CONFIGURE OUTPUT ${gen}/${id}_wave_args.cmake CONTENT "${wargs}" @ONLY)
  set(wall "")
  if(RCOSIM_WAVE_PREBUILT STREQUAL "all" OR name IN_LIST RCOSIM_WAVE_PREBUILT)
    set(wall ALL)
  endif()
  add_custom_target(${id}_wave ${wall}
    COMMAND ${CMAKE_COMMAND} -DARGS=${gen}/${id}_wave_args.cmake -DDIR=${CMAKE_BINARY_DIR}/wave/${id}-build
            -DGEN=${CMAKE_GENERATOR} -DCXX=${CMAKE_CXX_COMPILER} -DTYPE=${CMAKE_BUILD_TYPE}
            -P ${PROJECT_SOURCE_DIR}/cmake/wave_build.cmake
    DEPENDS ${gen}/${id}_wave.sv ${gen}/${id}_wave.cpp
    COMMENT "waveform plugin of ${name} (wave/rcosim_wave_${id}.so)")

  # The C model, its stimulus generator and the block's descriptor table.
  add_library(${id}_model STATIC ${model_src} ${gen}/${id}_desc.c)
  target_include_directories(${id}_model PUBLIC ${gen} ${PROJECT_SOURCE_DIR}/model/${family}/${bname})
  target_link_libraries(${id}_model PUBLIC rcosim_bridge ${id}_rtl)
  foreach(did ${dep_ids})
    target_link_libraries(${id}_model PUBLIC ${did}_model)
  endforeach()
  # The shaders' shared float arithmetic (model/prim, the C twin of rtl/prim), when present.
  if(TARGET rcosim_prim_model)
    target_link_libraries(${id}_model PUBLIC rcosim_prim_model)
  endif()
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
    verilate(${id}_rtl_cov COVERAGE
      PREFIX V${id}
      TOP_MODULE ${id}
      DIRECTORY ${CMAKE_BINARY_DIR}/verilated_cov/${id}
      SOURCES ${rtl_src} ${chk_src}
      VERILATOR_ARGS -Wall --x-assign unique --x-initial unique -O3)
    # verilate()'s own copy of the runtime here: it prints through rc_vl_printf too.
    target_sources(${id}_rtl_cov PRIVATE ${PROJECT_SOURCE_DIR}/bridge/rc_vlassert.c)
    rcosim_vl_printf(${id}_rtl_cov)
    get_target_property(cov_src ${id}_model SOURCES)
    get_target_property(cov_libs ${id}_model LINK_LIBRARIES)
    list(TRANSFORM cov_libs REPLACE "^${id}_rtl$" ${id}_rtl_cov)
    list(TRANSFORM cov_libs REPLACE "^([a-z0-9]+_[A-Za-z0-9_]+)_model$" "\\1_model_cov")   # uses, parts
    list(TRANSFORM cov_libs REPLACE "^rcosim_prim_model_cov$" rcosim_prim_model)   # plain C: no coverage twin
    add_library(${id}_model_cov STATIC ${cov_src})
    target_include_directories(${id}_model_cov PUBLIC $<TARGET_PROPERTY:${id}_model,INCLUDE_DIRECTORIES>)
    target_link_libraries(${id}_model_cov PUBLIC ${cov_libs})
    target_compile_options(${id}_model_cov PRIVATE ${RCOSIM_WARNINGS})
  endif()

  # Sanitizer variant (RCOSIM_SANITIZE_OWN): the model, the descriptor table and the two
  # generated shims instrumented; the Verilated RTL linked as it is.  The shims' objects come
  # before the plain <id>_rtl/<id>_wave archives on the link line, so theirs are never pulled.
  if(RCOSIM_SAN)
    rcosim_san_clone(${id}_model)
    target_sources(${id}_model_san PRIVATE ${gen}/${id}_rtl.cpp)
    target_include_directories(${id}_model_san PRIVATE $<TARGET_PROPERTY:${id}_rtl,INCLUDE_DIRECTORIES>)
    target_compile_definitions(${id}_model_san PRIVATE $<TARGET_PROPERTY:${id}_rtl,COMPILE_DEFINITIONS>)
  endif()

  set_property(GLOBAL APPEND PROPERTY RCOSIM_BLOCK_IDS ${id})
endfunction()

# rcosim_discover_blocks(): every manifest rtl/*/*/*.block is a block (no list of blocks anywhere);
# RCOSIM_BLOCKS=a.b;c.d builds only those and what they use (a developer's quick build: the tests
# that need other blocks are left out then).  blockgen --cmake checks the naming rule and orders
# the blocks so that each comes after its uses and parts.
set(RCOSIM_FIRST_BLOCKS "r5xx.cp" CACHE STRING "the blocks of rcosim_first, which scripts/main-job builds first to start its regression while the rest builds")
set(RCOSIM_BLOCKS "" CACHE STRING "build only these blocks (and what they use), e.g. r5xx.tx;si.cu; empty: all")
function(rcosim_discover_blocks)
  file(GLOB manifests CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/*/*/*.block)
  execute_process(COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/blockgen.py --cmake
                          ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/gen/rc_blocks.cmake "${RCOSIM_BLOCKS}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${err}")
  endif()
  include(${CMAKE_BINARY_DIR}/gen/rc_blocks.cmake)
  foreach(name ${RCOSIM_BLOCK_NAMES})
    rcosim_add_block(${name})
  endforeach()
  set(RCOSIM_BLOCK_NAMES ${RCOSIM_BLOCK_NAMES} PARENT_SCOPE)
endfunction()

# rcosim_block_enabled(NAME VAR): VAR is TRUE when block NAME is in this build.
function(rcosim_block_enabled name var)
  get_property(ids GLOBAL PROPERTY RCOSIM_BLOCK_IDS)
  string(REPLACE "." "_" id ${name})
  if(id IN_LIST ids)
    set(${var} TRUE PARENT_SCOPE)
  else()
    set(${var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# rcosim_registry(LIB FILE IDS): the object library LIB with gen/FILE, the table of the blocks IDS
# (rc_blocks[], rc_nblocks) that an rcosim executable offers, linking their models.  An object
# library: its object goes straight into every executable that links it, so the engine's
# references to the registry resolve whatever the static-library order.
function(rcosim_registry lib file ids)
  set(src "/* Generated by cmake/rcosim.cmake from the blocks manifests (rtl/FAMILY/NAME/NAME.block): ${lib}. Do not edit. */\n")
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
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/gen/${file} CONTENT "${src}")
  add_library(${lib} OBJECT ${CMAKE_BINARY_DIR}/gen/${file})
  target_link_libraries(${lib} PUBLIC rcosim_bridge)
  foreach(id ${ids})
    if(lib MATCHES "_cov$")
      target_link_libraries(${lib} PUBLIC ${id}_model_cov)
    else()
      target_link_libraries(${lib} PUBLIC ${id}_model)
    endif()
  endforeach()
endfunction()

# rcosim_cli(EXE REGISTRY): the executable EXE (model/rcosim_main.c) is the CLI over the blocks of
# the registry library REGISTRY (rcosim_registry).
function(rcosim_cli exe registry)
  add_dependencies(${exe} rcosim_version)
  target_include_directories(${exe} PRIVATE ${CMAKE_BINARY_DIR}/gen)
  target_link_libraries(${exe} PRIVATE ${registry} rcosim_regdb)
  target_compile_definitions(${exe} PRIVATE RCOSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  target_compile_options(${exe} PRIVATE ${RCOSIM_WARNINGS})
  # The waveform plugins (wave/rcosim_wave_<id>.so) resolve the Verilator runtime and the engine
  # against the executable's own copy.
  set_target_properties(${exe} PROPERTIES ENABLE_EXPORTS ON)
endfunction()

# Writes the registry of blocks and builds the rcosim executable.
function(rcosim_finish_blocks)
  get_property(ids GLOBAL PROPERTY RCOSIM_BLOCK_IDS)
  list(SORT ids)
  rcosim_registry(rcosim_blocks rc_registry.c "${ids}")

  # rc_version.h (`rcosim --version`): the commit as it is at build time, rewritten only when it changes
  add_custom_target(rcosim_version
    COMMAND ${CMAKE_COMMAND} -P ${PROJECT_SOURCE_DIR}/cmake/version.cmake ${PROJECT_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/gen/rc_version.h ${PROJECT_VERSION}
    BYPRODUCTS ${CMAKE_BINARY_DIR}/gen/rc_version.h
    COMMENT "rcosim version")
  add_executable(rcosim ${PROJECT_SOURCE_DIR}/model/rcosim_main.c)
  rcosim_cli(rcosim rcosim_blocks)

  # rcosim_first: rcosim with only the blocks RCOSIM_FIRST_BLOCKS names (those in this build),
  # not in the default build.  scripts/main-job builds it first on a fresh machine and starts
  # the smoke regression with it while rcosim builds (regress.py --then-rcosim): the first
  # progress line comes after one small block is compiled, not all of them (issue 28).
  set(first_ids "")
  foreach(name ${RCOSIM_FIRST_BLOCKS})
    string(REPLACE "." "_" id ${name})
    if(id IN_LIST ids)
      list(APPEND first_ids ${id})
    endif()
  endforeach()
  if(first_ids)
    rcosim_registry(rcosim_blocks_first rc_registry_first.c "${first_ids}")
    add_executable(rcosim_first EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/model/rcosim_main.c)
    rcosim_cli(rcosim_first rcosim_blocks_first)
  endif()

  # rcosim_san (RCOSIM_SANITIZE_OWN): rcosim from the sanitizer variants of every block.
  if(RCOSIM_SAN)
    rcosim_san_clone(rcosim)
    add_dependencies(rcosim_san rcosim_version)
    set_target_properties(rcosim_san PROPERTIES ENABLE_EXPORTS ON)
  endif()

  # rcosim_cov (RCOSIM_COVERAGE=ON): rcosim built from the coverage variants of every block, or
  # of the blocks RCOSIM_COVERAGE_BLOCKS names (and what they use): only those are compiled again.
  if(RCOSIM_COVERAGE)
    set(cov_ids "")
    foreach(id ${ids})
      string(REGEX REPLACE "^([a-z0-9]+)_" "\\1." name ${id})
      if(NOT RCOSIM_COVERAGE_BLOCKS OR name IN_LIST RCOSIM_COVERAGE_BLOCKS)
        list(APPEND cov_ids ${id})
      endif()
    endforeach()
    foreach(name ${RCOSIM_COVERAGE_BLOCKS})
      string(REPLACE "." "_" id ${name})
      if(NOT id IN_LIST ids)
        message(FATAL_ERROR "RCOSIM_COVERAGE_BLOCKS: no block named '${name}'")
      endif()
    endforeach()
    rcosim_registry(rcosim_blocks_cov rc_registry_cov.c "${cov_ids}")
    get_target_property(cov_src rcosim SOURCES)
    get_target_property(cov_libs rcosim LINK_LIBRARIES)
    list(TRANSFORM cov_libs REPLACE "^rcosim_blocks$" rcosim_blocks_cov)
    add_executable(rcosim_cov ${cov_src})
    target_link_libraries(rcosim_cov PRIVATE ${cov_libs})
    add_dependencies(rcosim_cov rcosim_version)   # rcosim_main.c includes rc_version.h
    set_target_properties(rcosim_cov PROPERTIES ENABLE_EXPORTS ON)   # the waveform plugins
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
  # The same test built with the sanitizers (RCOSIM_SANITIZE_OWN): label 'sanitize' only.
  if(RCOSIM_SAN)
    rcosim_san_clone(${T_NAME})
    add_test(NAME sanitize.${T_NAME} COMMAND ${T_NAME}_san)
    set_tests_properties(sanitize.${T_NAME} PROPERTIES LABELS "sanitize"
      ENVIRONMENT "CMOCKA_MESSAGE_OUTPUT=stdout;ASAN_OPTIONS=detect_leaks=1:abort_on_error=0;UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  endif()
endfunction()

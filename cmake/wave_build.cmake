# cmake/wave_build.cmake - cmake -DARGS=FILE -DDIR=BUILD_DIR -DGEN=GENERATOR -DCXX=COMPILER
# -DTYPE=BUILD_TYPE -P wave_build.cmake: configures the one-block waveform project cmake/wave in
# DIR when it is not configured yet, then builds it (a no-op when the plugin is current; the
# project re-verilates by itself when the RTL changes: verilate() tracks its inputs).
if(NOT EXISTS ${DIR}/CMakeCache.txt)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/wave -B ${DIR} -G ${GEN}
                          -DCMAKE_BUILD_TYPE=${TYPE} -DCMAKE_CXX_COMPILER=${CXX} -DRCOSIM_WAVE_ARGS=${ARGS}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    file(REMOVE ${DIR}/CMakeCache.txt)   # configure again next time
    message(FATAL_ERROR "configuring the waveform plugin in ${DIR} failed")
  endif()
endif()
# One job unless CMAKE_BUILD_PARALLEL_LEVEL says otherwise: this build runs inside another one
# (a default build that makes a prebuilt plugin, `ninja -j 1` on a shared machine), whose -j it
# cannot see; ninja's own default (cores + 2) would overrun it.
set(jobs 1)
if(DEFINED ENV{CMAKE_BUILD_PARALLEL_LEVEL} AND NOT "$ENV{CMAKE_BUILD_PARALLEL_LEVEL}" STREQUAL "")
  set(jobs $ENV{CMAKE_BUILD_PARALLEL_LEVEL})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${DIR} -j ${jobs} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the waveform plugin in ${DIR} failed")
endif()

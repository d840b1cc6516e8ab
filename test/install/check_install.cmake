# Installs tilec (COMPONENT runtime, or everything) to a temporary prefix, moves the prefix, and
# builds and runs find_package(tilec) consumers against the moved copy (ctest install-*).
# cmake -DBUILD=<build> -DWORK=<scratch> -DCOMPONENT=runtime|all -DSOURCE=<test/install>
#       -DJIT_CONSUMER=<examples/cpp/consumer> -DTILEC=<build tilec> -DGENERATOR=... -DCC=... -DCXX=...
#       -P check_install.cmake
cmake_minimum_required(VERSION 3.20)

# Runs a command; stops the test with its output when it fails.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " cmd)
    message(FATAL_ERROR "'${cmd}' failed (${rc}):\n${out}")
  endif()
  message(STATUS "ok: ${ARGV0} ${ARGV1} ${ARGV2}")
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# Configures, builds and checks that project `src` found tilec in the moved prefix.
function(build_consumer src bin)
  run(${CMAKE_COMMAND} -S ${src} -B ${bin} -G ${GENERATOR} -DCMAKE_C_COMPILER=${CC}
      -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
  file(STRINGS ${bin}/CMakeCache.txt dir REGEX "^tilec_DIR:")
  if(NOT dir STREQUAL "tilec_DIR:PATH=${prefix}/lib/cmake/tilec")
    message(FATAL_ERROR "the consumer found tilec elsewhere: ${dir}")
  endif()
  run(${CMAKE_COMMAND} --build ${bin})
endfunction()

file(REMOVE_RECURSE ${WORK})
set(stage ${WORK}/stage)
set(prefix ${WORK}/moved)
if(COMPONENT STREQUAL "runtime")
  run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${stage} --component runtime)
else()
  run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${stage})
endif()
# Relocatable: nothing may refer to the prefix it was installed to.
file(RENAME ${stage} ${prefix})

set(module ${WORK}/add_kernel.tilec)
set(compile_args compile ${SOURCE}/add_kernel.py --kernel add_kernel
    --signature *fp32,*fp32,*fp32,i32 -D BLOCK=128 --target cpu --emit so -o ${module})
if(COMPONENT STREQUAL "runtime")
  # The runtime alone: no compiler, no LLVM, not even indirectly.
  foreach(absent bin/tilec bin/tilec-opt lib/libtilec_jit.so include/tilec/JIT)
    if(EXISTS ${prefix}/${absent})
      message(FATAL_ERROR "the runtime component installed ${absent}")
    endif()
  endforeach()
  file(GET_RUNTIME_DEPENDENCIES
    LIBRARIES ${prefix}/lib/libtilec_runtime.so
    EXECUTABLES ${prefix}/bin/tilec-runner ${prefix}/bin/tilec-pack
    RESOLVED_DEPENDENCIES_VAR deps UNRESOLVED_DEPENDENCIES_VAR missing)
  foreach(dep ${deps} ${missing})
    if(dep MATCHES "LLVM|MLIR|tilec")
      message(FATAL_ERROR "the runtime component depends on ${dep}")
    endif()
  endforeach()
  # The module is compiled elsewhere (here: by the build tree's tilec) and deployed.
  run(${TILEC} ${compile_args})
else()
  run(${prefix}/bin/tilec ${compile_args})
  run(${prefix}/bin/tilec-opt --version)
endif()

run(${prefix}/bin/tilec-runner --list ${module})
if(NOT run_output MATCHES "add_kernel")
  message(FATAL_ERROR "tilec-runner --list does not list add_kernel:\n${run_output}")
endif()
build_consumer(${SOURCE}/consumer ${WORK}/consumer)
run(${WORK}/consumer/run_module ${module})
message(STATUS "${run_output}")
if(NOT COMPONENT STREQUAL "runtime")
  # The C++ JIT API from the moved prefix: compiles and runs a kernel in-process.
  build_consumer(${JIT_CONSUMER} ${WORK}/jit-consumer)
  run(${WORK}/jit-consumer/embed 1000)
endif()

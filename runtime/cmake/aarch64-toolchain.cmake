# Forwards to the project's aarch64 toolchain file, so that a standalone
# runtime build (-S runtime) finds -DCMAKE_TOOLCHAIN_FILE=cmake/... relative
# to its source directory too.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/aarch64-toolchain.cmake)

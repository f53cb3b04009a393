# System dependencies, all installed by tools/install_deps.sh from Debian packages or PyPI.
# Nothing is downloaded at build time.
find_package(Threads REQUIRED)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GLOG REQUIRED IMPORTED_TARGET libglog)
find_library(GFLAGS_LIBRARY NAMES gflags REQUIRED)
find_path(GFLAGS_INCLUDE_DIR gflags/gflags.h REQUIRED)

# Single-threaded OpenBLAS: its threads must never add to the runtime's own pool.
find_library(OPENBLAS_LIBRARY NAMES openblas blas
  PATHS /usr/lib/x86_64-linux-gnu/openblas-serial /usr/lib/aarch64-linux-gnu/openblas-serial
  NO_DEFAULT_PATH)
if(NOT OPENBLAS_LIBRARY)
  find_library(OPENBLAS_LIBRARY NAMES openblas REQUIRED)
endif()
find_path(CBLAS_INCLUDE_DIR cblas.h
  PATHS /usr/include/x86_64-linux-gnu/openblas-serial /usr/include/aarch64-linux-gnu/openblas-serial
        /usr/include/openblas /usr/include REQUIRED)
message(STATUS "BLAS: ${OPENBLAS_LIBRARY} (cblas.h in ${CBLAS_INCLUDE_DIR})")

if(WITH_GPU)
  # CUDA toolkit with cuBLAS(Lt) and cuDNN (the toolkit's folder or the system's). Kernels are
  # built for CMAKE_CUDA_ARCHITECTURES (default 90: Hopper, the GPUs lent here).
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  set(CMAKE_CUDA_FLAGS_RELEASE "-O3 -DNDEBUG")
  find_package(CUDAToolkit REQUIRED)
  find_path(CUDNN_INCLUDE_DIR cudnn.h HINTS ${CUDAToolkit_INCLUDE_DIRS} /usr/local/cuda/include REQUIRED)
  find_library(CUDNN_LIBRARY NAMES cudnn HINTS ${CUDAToolkit_LIBRARY_DIR} /usr/local/cuda/lib64 REQUIRED)
  message(STATUS "CUDA ${CUDAToolkit_VERSION}, arch ${CMAKE_CUDA_ARCHITECTURES}, cuDNN ${CUDNN_LIBRARY}")
endif()

if(NOT ONLY_PHI)
  find_package(Protobuf REQUIRED)
  if(WITH_GLOO)
    find_package(Gloo CONFIG REQUIRED)  # Debian libgloo-dev
  endif()
  if(WITH_NCCL)
    if(NOT WITH_GLOO)
      message(FATAL_ERROR "WITH_NCCL needs WITH_GLOO: NCCL groups meet through the TCP store")
    endif()
    find_package(CUDAToolkit REQUIRED)
    find_library(NCCL_LIBRARY NAMES nccl HINTS ${CUDAToolkit_LIBRARY_DIR} REQUIRED)
    message(STATUS "NCCL: ${NCCL_LIBRARY}")
  endif()
  find_package(Python3 COMPONENTS Interpreter Development.Module REQUIRED)
  if(WITH_PYTHON)
    execute_process(COMMAND ${Python3_EXECUTABLE} -c "import pybind11; print(pybind11.get_cmake_dir())"
      OUTPUT_VARIABLE PYBIND11_CMAKE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    find_package(pybind11 CONFIG REQUIRED HINTS ${PYBIND11_CMAKE_DIR})
  endif()
endif()

if(WITH_TESTING)
  find_package(GTest REQUIRED)
  find_package(benchmark QUIET)
endif()

include(${CMAKE_CURRENT_LIST_DIR}/op_records.cmake)

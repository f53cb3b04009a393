# A tailored build (tools/tailor.sh): PADDLE_TAILOR_DIR holds tools/tailor_list.py's
# tailored_kernels.h (the kernels PD_REGISTER_KERNEL keeps, checked at compile time so the
# rest are never instantiated), ops.txt (the op records kept) and models.txt (named by the
# library's errors). Only the inference library is built, as ONE shared library: the layers
# (common, phi, framework, ir, executor) are object libraries linked into
# libpaddle_inference.so, which exports only the paddle_infer / paddle::jit API, so that
# --gc-sections drops every function the kept kernels, op records, passes and the API never
# reach (separate libraries would have to export, and so keep, all of them).
foreach(f tailored_kernels.h ops.txt models.txt)
  if(NOT EXISTS ${PADDLE_TAILOR_DIR}/${f})
    message(FATAL_ERROR "PADDLE_TAILOR_DIR=${PADDLE_TAILOR_DIR} lacks ${f} (run tools/tailor_list.py)")
  endif()
endforeach()
configure_file(${PADDLE_TAILOR_DIR}/tailored_kernels.h
               ${PROJECT_BINARY_DIR}/phi/core/tailored_kernels.h COPYONLY)
file(READ ${PADDLE_TAILOR_DIR}/models.txt TAILORED_MODELS)
string(STRIP "${TAILORED_MODELS}" TAILORED_MODELS)
add_compile_definitions("PADDLE_TAILORED_FOR=\"${TAILORED_MODELS}\"")
add_compile_options(-ffunction-sections -fdata-sections)
add_link_options(-Wl,--gc-sections -Wl,--no-undefined)
set(PADDLE_LIBRARY_TYPE OBJECT)
set(WITH_PYTHON OFF CACHE BOOL "" FORCE)
set(WITH_TESTING OFF CACHE BOOL "" FORCE)
set(WITH_GLOO OFF CACHE BOOL "" FORCE)
message(STATUS "Tailored build for: ${TAILORED_MODELS}")

# A tailored build (tools/tailor.sh): PADDLE_TAILOR_DIR holds tools/tailor_list.py's
# tailored_kernels.h (the kernels PD_REGISTER_KERNEL keeps, checked at compile time so the
# rest are never instantiated), ops.txt (the op records kept) and models.txt (named by the
# library's errors). Only the inference libraries are built; unused code is dropped at link.
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
set(WITH_PYTHON OFF CACHE BOOL "" FORCE)
set(WITH_TESTING OFF CACHE BOOL "" FORCE)
set(WITH_GLOO OFF CACHE BOOL "" FORCE)
message(STATUS "Tailored build for: ${TAILORED_MODELS}")

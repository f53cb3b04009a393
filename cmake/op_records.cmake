# generate_op_records(<output.cc>): the C++ op records generated from paddle/ops/yaml.
function(generate_op_records output)
  file(GLOB op_yamls CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paddle/ops/yaml/*.yaml)
  file(GLOB infermeta_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paddle/phi/infermeta/*.h)
  set(only_args "")
  set(only_deps "")
  if(PADDLE_TAILOR_DIR)  # a tailored build keeps the records of the listed ops only
    set(only_args --only ${PADDLE_TAILOR_DIR}/ops.txt)
    set(only_deps ${PADDLE_TAILOR_DIR}/ops.txt)
  endif()
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/gen_op_records.py
            ${PROJECT_SOURCE_DIR}/paddle/ops/yaml ${PROJECT_SOURCE_DIR}/paddle/phi/infermeta
            ${output} ${only_args}
    DEPENDS ${op_yamls} ${infermeta_headers} ${PROJECT_SOURCE_DIR}/tools/gen_op_records.py
            ${only_deps}
    COMMENT "Generating op records from paddle/ops/yaml")
endfunction()

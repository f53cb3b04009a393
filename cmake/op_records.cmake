# generate_op_records(<output.cc>): the C++ op records generated from paddle/ops/yaml.
function(generate_op_records output)
  file(GLOB op_yamls CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paddle/ops/yaml/*.yaml)
  file(GLOB infermeta_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paddle/phi/infermeta/*.h)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/gen_op_records.py
            ${PROJECT_SOURCE_DIR}/paddle/ops/yaml ${PROJECT_SOURCE_DIR}/paddle/phi/infermeta
            ${output}
    DEPENDS ${op_yamls} ${infermeta_headers} ${PROJECT_SOURCE_DIR}/tools/gen_op_records.py
    COMMENT "Generating op records from paddle/ops/yaml")
endfunction()

# mai_embed_files(TARGET NAMESPACE FILES...) generates a source that holds the
# given files' bytes, so the binary carries the repository's config/ as its
# built-in defaults and they can never drift apart.
function(mai_embed_files target namespace)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}_embedded.cpp)
  string(REPLACE ";" "," inputs "${ARGN}")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DNAMESPACE=${namespace}
            "-DINPUTS=${inputs}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake
    DEPENDS ${ARGN} ${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake
    COMMENT "Embedding ${target}" VERBATIM)
  add_library(${target} STATIC ${out})
  target_link_libraries(${target} PRIVATE mai_flags)
endfunction()

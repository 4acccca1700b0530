# SPDX-License-Identifier: MIT
# xq_program(TARGET SOURCE... [OUTPUT NAME]): an installed program of
# programs/, examples/ or server/, linked with the library and the programs'
# shared helpers (common/, target xq_cli), built into bin/ of the
# build tree (beside share/, as installed: the default book is found the same
# way in both) and installed into CMAKE_INSTALL_BINDIR.
function(xq_program target)
  cmake_parse_arguments(P "" "OUTPUT" "" ${ARGN})
  add_executable(${target} ${P_UNPARSED_ARGUMENTS})
  target_link_libraries(${target} PRIVATE xq_cli xiangqi Threads::Threads)
  target_compile_options(${target} PRIVATE ${XQ_WARNINGS})
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bin)
  if(P_OUTPUT)
    set_target_properties(${target} PROPERTIES OUTPUT_NAME ${P_OUTPUT})
  endif()
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()

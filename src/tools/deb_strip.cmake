# CPack pre-build script (CPACK_PRE_BUILD_SCRIPTS): what dh_strip does besides
# stripping, on the staged binary: the .comment and .note sections go
# (lintian: binary-has-unneeded-section).
file(GLOB_RECURSE bins LIST_DIRECTORIES false "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/bin/*")
foreach(b IN LISTS bins)
  execute_process(COMMAND ${CPACK_DLRIG_STRIP} --remove-section=.comment --remove-section=.note ${b}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "deb_strip.cmake: ${CPACK_DLRIG_STRIP} failed on ${b}")
  endif()
endforeach()

# cmake -DSFPBENCH=... -DWHAT=man|completion -DOUTPUT=... [-DGZIP=ON] -P write_reference.cmake
# Writes `sfpbench help WHAT` to OUTPUT (and a gzip -9n copy for installing a man page); fails the
# build when the command fails, leaving no partial file behind.
execute_process(COMMAND ${SFPBENCH} help ${WHAT} OUTPUT_FILE ${OUTPUT}.part RESULT_VARIABLE code ERROR_VARIABLE errors)
if(NOT code EQUAL 0)
  file(REMOVE ${OUTPUT}.part)
  message(FATAL_ERROR "`sfpbench help ${WHAT}` failed (${code}): ${errors}")
endif()
file(RENAME ${OUTPUT}.part ${OUTPUT})
if(GZIP)
  execute_process(COMMAND gzip -9 -n -c ${OUTPUT} OUTPUT_FILE ${OUTPUT}.gz COMMAND_ERROR_IS_FATAL ANY)
endif()

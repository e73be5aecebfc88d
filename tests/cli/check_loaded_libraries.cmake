# The shared libraries a program loads, checked for ones it must and must not load: those ldd
# lists (its NEEDED entries and theirs), and, when ARGS is given, every object the dynamic loader
# really opens while the program runs with them (LD_DEBUG=files: dlopen'ed plugins too).
#   cmake -DPROGRAM=<build>/bin/sfpbench -DARGS=compare,a,b -DWORK_DIR=<dir>
#         -DMUST_NOT=libQt6Gui,libqcustomplot [-DMUST=libQt6Core] -P check_loaded_libraries.cmake
# (lists: commas; a name matches a library file name that starts with it, in any case). With WORK_DIR, two
# 4 KiB files a.bin and b.bin are written there first for ARGS to name.
string(REPLACE "," ";" MUST "${MUST}")
string(REPLACE "," ";" MUST_NOT "${MUST_NOT}")
string(REPLACE "," ";" ARGS "${ARGS}")
execute_process(COMMAND ldd "${PROGRAM}" OUTPUT_VARIABLE listed RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "ldd ${PROGRAM} failed: ${listed}")
endif()
set(sources "ldd ${PROGRAM}")
set(loaded "${listed}")
if(ARGS)
  if(WORK_DIR)
    file(MAKE_DIRECTORY "${WORK_DIR}")
    string(REPEAT "0123456789abcdef" 256 block)  # 4 KiB
    file(WRITE "${WORK_DIR}/a.bin" "${block}")
    file(WRITE "${WORK_DIR}/b.bin" "${block}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_DEBUG=files "${PROGRAM}" ${ARGS}
                  WORKING_DIRECTORY "${WORK_DIR}" OUTPUT_QUIET ERROR_VARIABLE opened RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${ARGS} exited ${code}: ${opened}")
  endif()
  string(APPEND sources " and LD_DEBUG=files of a run with ${ARGS}")
  string(REGEX MATCHALL "file=[^ \t\n]+" files "${opened}")  # "file=libQt6Core.so.6 [0];  needed by ..."
  string(APPEND loaded "\n${files}")
endif()
string(TOLOWER "${loaded}" loaded)  # names compared without case: libQCustomPlotQt6 is libqcustomplot
string(TOLOWER "${MUST_NOT}" MUST_NOT)
string(TOLOWER "${MUST}" MUST)
foreach(lib IN LISTS MUST_NOT)
  if(loaded MATCHES "(^|[ \t\n/=])(${lib}[^ \t\n]*)")
    message(FATAL_ERROR "${PROGRAM} loads ${CMAKE_MATCH_2} (${sources})")
  endif()
endforeach()
foreach(lib IN LISTS MUST)
  if(NOT loaded MATCHES "(^|[ \t\n/=])${lib}")
    message(FATAL_ERROR "${PROGRAM} does not load ${lib} (${sources}):\n${loaded}")
  endif()
endforeach()
list(JOIN MUST ", " all)
list(JOIN MUST_NOT ", " none)
message(STATUS "${PROGRAM} loads [${all}], none of [${none}] (${sources})")

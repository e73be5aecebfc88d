# `make package` (cpack -G DEB): a Debian package of what `cmake --install` installs -- both
# executables and the helpers in /usr/libexec/sfpbench: sfpbench-full, which runs every command line
# the lean sfpbench does not (so that its one-run commands load no Qt), and sfpbench-draw, which
# `report --pdf` runs (so that sfpbench-full loads no drawing library) -- sfpbench(1), the bash completion, the desktop
# entry, its icon and the AppStream metainfo. The dependencies are the Debian packages of the
# libraries the executables link, found by dpkg-shlibdeps (dpkg-dev), so `apt install
# ./sfpbench_*.deb` pulls exactly those.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sfpbench)
set(CPACK_PACKAGE_VENDOR "sfpbench")
set(CPACK_PACKAGE_CONTACT "sfpbench maintainers <maintainers@users.noreply.a-seed-0d8be4ca.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "measure how fast sequential file processing can go")
set(CPACK_PACKAGE_DESCRIPTION  # one string: separate arguments would make a list, joined by ';'
    "A workbench for measuring sequential file processing: comparing two files, transforming a \
file into another, counting words and hashing every file of a tree, each by a matrix of \
strategies (read with a block size, memory mapping, threads, io_uring, the system tool) and \
parameters. It reports elapsed, user and system time of its own threads, page-cache residency \
and a digest of every outcome.\nCommand line: sfpbench; window: sfpbench-gui.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # sfpbench_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Qt draws the window's SVG icon with libqt6svg6's plugin; iterate's xxhsum baseline is in xxhash.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xxhash, bash-completion")
set(CPACK_STRIP_FILES ON)  # RelWithDebInfo: the debug information stays in the build tree
include(CPack)

# `make package`: a Debian 12 package of the installation (binary in /usr/bin, the probe in
# /usr/lib/loopscope, the desktop files in /usr/share), made by CPack. Its library dependencies are
# computed by dpkg-shlibdeps; node is recommended, at the version the probe needs.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME loopscope)
set(CPACK_PACKAGE_VENDOR "The LoopScope developers")
set(CPACK_PACKAGE_CONTACT "The LoopScope developers <loopscope@users.noreply.github.com>")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/loopscope/loopscope")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# Build the package from the install rules alone, in the build tree.
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/package)
set(CPACK_OUTPUT_CONFIG_FILE ${PROJECT_BINARY_DIR}/CPackConfig.cmake)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The probe refuses a node older than this (probe/loopscope-probe.js); the package test compares the two.
set(LOOPSCOPE_NODE_MINIMUM 18)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "nodejs (>= ${LOOPSCOPE_NODE_MINIMUM})")
# The summary, then the long description, which CPack indents as Debian's policy asks.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Node.js event loop, made visible")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "LoopScope runs a real libuv event loop, models Node's JavaScript-level
queues (nextTick, microtasks, promises, timers, immediates) on top of it as
Node 20 orders them, and shows every phase, callback, queue and thread-pool
job as it happens: the circle of phases, the queues, the loop delay and a
timeline. Built-in scenarios teach one rule of the event loop each, and can
be stepped one callback at a time.

With nodejs installed, LoopScope also attaches to real Node.js programs
through a probe and shows their own loop. Recordings are Chrome trace JSON,
which the Perfetto UI opens too.")
# The probe in /usr/lib/loopscope is an ELF module, for which CPack adds an ldconfig call to postinst and
# postrm; nothing else runs at installation (the desktop's caches are updated by dpkg triggers).

include(CPack)

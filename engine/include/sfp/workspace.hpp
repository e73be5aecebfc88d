#pragma once
// The workspace: where generated inputs and scratch outputs live. Every file the tool creates
// there is listed in a manifest, and only those are ever removed. Qt-free.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sfp {

// $XDG_CACHE_HOME/sfpbench, or ~/.cache/sfpbench ($HOME, else the passwd entry).
std::string default_workdir();
// The same rule given the two values (nullptr: unset; home already resolved): what tests check,
// never by changing the environment -- setenv in a running test races Qt's watchdog thread's getenv.
std::string default_workdir_for(const char* xdg_cache_home, const std::string& home);

// The manifest inside a workspace (one file name per line).
std::string manifest_path(const std::string& workdir);

// Where generated data of this kind, size and seed lives (pair: two paths, else one).
// Throws sfp::Failure for an unknown kind.
std::vector<std::string> generated_paths(const std::string& workdir, std::string_view kind, std::uint64_t size,
                                         std::uint64_t seed);

// Makes (or reuses, when present with the right size and listed in the manifest) generated
// data; returns its paths. Throws sfp::Failure with the path and the OS reason, or when a
// file of that name exists that the tool did not create (it is never overwritten). Temporaries
// that a killed sfpbench left in the workspace are removed first. A set `cancel` stops it.
// `rewrite` writes reusable data again, so its cached pages are in the state a write leaves.
std::vector<std::string> ensure_generated(const std::string& workdir, std::string_view kind, std::uint64_t size,
                                          std::uint64_t seed, const std::atomic<bool>* cancel = nullptr,
                                          bool rewrite = false);

// Bytes that generating these sizes would still need (files already present are reused).
std::uint64_t bytes_to_generate(const std::string& workdir, std::string_view kind,
                                const std::vector<std::uint64_t>& sizes, std::uint64_t seed);

// Removes every file the manifest lists and the temporaries whose writer is gone (a live writer
// holds a lock on its own), then the manifest itself; nothing else. Returns the paths removed.
// A missing workspace removes nothing. While an experiment holds the workspace it throws
// sfp::Failure naming the process (pid and command line), or with `wait` waits for its end
// (a set `cancel` stops the wait with a Failure).
std::vector<std::string> clean_workspace(const std::string& workdir, bool wait = false,
                                         const std::atomic<bool>* cancel = nullptr);

}  // namespace sfp

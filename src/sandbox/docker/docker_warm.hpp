// Docker's warm sandboxes (warm.hpp): a run's container built ahead, with
// every piece a cold launch makes (host id, scratch directory, /sandbox and
// /tmp host tmpfs mounts, parent cgroup with its limits, hardened
// container). A Python one is attached and started too: its interpreter
// waits in the bootstrap (warm_bootstrap.hpp, channel std_streams) for the
// go on stdin. A shell starts in a moment, so its container waits created
// and starts when the code is there.
#pragma once
#include <memory>

#include "config/sandbox_config.hpp"
#include "sandbox/docker/docker_sandbox.hpp"
#include "sandbox/warm.hpp"

namespace mai::sandbox::docker {

// `run` holds a created container whose /sandbox (a host tmpfs, as a cold
// run's) holds the bootstrap (Python) or an empty code file (shell), and
// whose /tmp is a host tmpfs too (collected if the run asks). Starts a
// Python one and waits for its bootstrap to say it waits. On hand-off the
// run's code replaces the waiting one in /sandbox (host side) and the
// manifest is set up as for a cold run; `files` caps it. Throws
// SandboxError; `run` is removed whole either way it fails.
std::unique_ptr<WarmEntry> make_warm_entry(DockerRun run, const WarmShape& shape,
                                           const config::FileSettings& files);

}  // namespace mai::sandbox::docker

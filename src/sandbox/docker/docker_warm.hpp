// Docker's warm sandboxes (warm.hpp): a run's container built ahead, with
// every piece a cold launch makes (host id, scratch directory, parent cgroup
// with its limits, hardened container). A Python one is attached and started
// too: its interpreter waits in the bootstrap (warm_bootstrap.hpp, channel
// std_streams) for the go on stdin. A shell starts in a moment, so its
// container waits created and starts when the code is there.
#pragma once
#include <memory>

#include "sandbox/docker/docker_sandbox.hpp"
#include "sandbox/warm.hpp"

namespace mai::sandbox::docker {

// `run` holds a created container whose code file is the bootstrap (Python)
// or empty (shell). Starts a Python one and waits for its bootstrap to say it
// waits. Throws SandboxError; `run` is removed whole either way it fails.
std::unique_ptr<WarmEntry> make_warm_entry(DockerRun run, const WarmShape& shape);

}  // namespace mai::sandbox::docker

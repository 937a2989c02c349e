// A one-off run's backend (`mai-sandbox run`): the one sandbox the run is
// expected to need is built whole (warm.hpp: namespaces, mounts, cgroup and
// limits, seccomp, interpreter started) on a thread of its own while the node
// loads the assessor and opens the audit log, and the run is handed to it
// once assessed. A run that does not fit it (warm_fits), or comes when the
// build failed, starts cold; a run assessed BLOCKED never reaches it, and it
// is destroyed unused. Only the first run can use it.
#pragma once
#include <memory>
#include <string>

#include "sandbox/warm.hpp"

namespace mai::sandbox {

// `inner` itself when it cannot build warm sandboxes (WarmSource). Destroy
// the returned backend only after its runs (the building thread is the
// sandbox's parent, whose death kills it).
std::shared_ptr<Backend> make_prepared_backend(std::shared_ptr<Backend> inner, const WarmShape& shape,
                                               const std::string& scratch_root);

// Returns once the sandbox being prepared no longer shares this process's
// memory (WarmBuildHooks::host_memory_released), or its build has ended; at
// once for a backend make_prepared_backend did not wrap. The caller's own
// start-up (assessor, audit log) is then not slowed by copy-on-write faults
// and their TLB shoot-downs, nor the build by them: measured on 2 cores,
// `run` is about 2 ms faster for the wait (bench/README.md).
void await_host_memory_released(Backend& backend);

}  // namespace mai::sandbox

// The native backend with its runs' host ids from somewhere other than the
// host-wide pool: for the benchmark that measures what the lease costs a run.
// Everything else uses make_native_backend(cfg) (sandbox.hpp).
#pragma once
#include <functional>
#include <memory>

#include "sandbox/id_lease.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

using IdSource = std::function<IdLease()>;  // kNativeIdsPerRun ids per call
std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig&, IdSource);

}  // namespace mai::sandbox

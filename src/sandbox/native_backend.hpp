// The native backend with its runs' host ids from somewhere other than the
// host-wide pool: for the benchmark that measures what the lease costs a run.
// With `stock`, its cold starts take their host ids, scratch directory and
// cgroup from that many made ahead (run_stock.hpp): for long-lived callers
// (services, workers, the benchmark). Everything else uses
// make_native_backend(cfg) (sandbox.hpp).
#pragma once
#include <functional>
#include <cstddef>
#include <memory>

#include "sandbox/id_lease.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

using IdSource = std::function<IdLease()>;  // kNativeIdsPerRun ids per call
std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig&, IdSource, size_t stock = 0);
std::unique_ptr<Backend> make_native_backend_with_stock(const config::SandboxConfig&, size_t stock);
// How many a service or worker keeps: one per core of this 2-core target is
// what two launchers in parallel take between refills.
constexpr size_t kColdStock = 2;

}  // namespace mai::sandbox

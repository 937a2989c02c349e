// The backend a service runs on: runs start from a pool of warm sandboxes
// (warm_pool.hpp) when one fits, and cold otherwise. Results, audit records
// and isolation are the inner backend's; only where the run starts differs.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "config/sandbox_config.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/warm_pool.hpp"

namespace mai::sandbox {

// `inner` itself when config warm.enabled is false or `inner` cannot build
// warm sandboxes (WarmSource). Runs whose RunSpec::scratch_root is not
// `scratch_root` start cold. The pool starts building at once; its sandboxes
// die with the returned backend (destroy it after its runs).
std::shared_ptr<Backend> make_warm_backend(std::shared_ptr<Backend> inner, const config::SandboxConfig&,
                                           const std::string& scratch_root);

// The pool's counters, if `backend` is one make_warm_backend made with a pool.
std::optional<WarmPool::Counters> warm_counters(const Backend& backend);

}  // namespace mai::sandbox

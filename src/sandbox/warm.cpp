#include "sandbox/warm.hpp"

#include "common/ids.hpp"

namespace mai::sandbox {

bool WarmShape::operator==(const WarmShape& o) const {
  return language == o.language && limits.cpus == o.limits.cpus &&
         limits.memory_bytes == o.limits.memory_bytes && limits.pids == o.limits.pids &&
         limits.tmpfs_bytes == o.limits.tmpfs_bytes;
}

bool warm_fits(const WarmShape& shape, const RunSpec& spec) {
  const Limits& have = shape.limits;
  const Limits& want = spec.limits;
  // tmpfs_bytes sizes the mounts (and RLIMIT_FSIZE) the build made: equal only.
  // Inputs are copied in while the root is built, so a run with inputs starts cold.
  return spec.language == shape.language && spec.network == NetworkMode::none && spec.inputs.empty() &&
         want.tmpfs_bytes == have.tmpfs_bytes && want.cpus <= have.cpus &&
         want.memory_bytes <= have.memory_bytes && want.pids <= have.pids;
}

WarmShape warm_shape_of(const RunSpec& spec) {
  WarmShape s;
  s.language = spec.language;
  s.limits = spec.limits;
  s.limits.timeout_ms = 0;  // host-side, taken from each request
  s.limits.output_bytes = 0;
  return s;
}

RunSpec warm_build_spec(const WarmShape& shape, const std::string& scratch_root) {
  RunSpec spec;
  spec.run_id = random_hex(16);
  spec.language = shape.language;
  spec.limits = shape.limits;
  spec.scratch_root = scratch_root;
  return spec;
}

}  // namespace mai::sandbox

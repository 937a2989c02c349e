// Limits adapt to the host: never more cpus or memory than it can give now
// (common/host_resources.hpp: affinity, cgroup quota and limit, free memory).
#include <algorithm>

#include "common/host_resources.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

Limits clamp_to_host(const Limits& in) {
  Limits l = in;
  HostResources host = this_host_resources();
  l.cpus = std::min(l.cpus, host.cpus);
  if (host.memory_bytes > 0) l.memory_bytes = std::min(l.memory_bytes, host.memory_bytes);
  return l;
}

}  // namespace mai::sandbox

// Limits adapt to the host: never more cpus or memory than it can give.
#include <algorithm>
#include <unistd.h>

#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

Limits clamp_to_host(const Limits& in) {
  Limits l = in;
  long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus > 0) l.cpus = std::min(l.cpus, static_cast<double>(cpus));
  long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0)
    l.memory_bytes = std::min<uint64_t>(l.memory_bytes, static_cast<uint64_t>(pages) * static_cast<uint64_t>(page));
  return l;
}

}  // namespace mai::sandbox

// What a configured id range is checked against on this host: the uids and
// gids already given to accounts, groups and subordinate ranges, and the core
// count (capacity 0 means one run per core).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai::config {

// A block of ids something on the host owns.
struct HostIdUse {
  uint64_t first = 0;
  uint64_t count = 1;
  std::string what;  // e.g. uid 1000 of account "alice" (/etc/passwd)
};

struct HostFacts {
  std::vector<HostIdUse> ids_in_use;
  uint32_t cores = 1;
};

// Reads <etc>/passwd, group, subuid and subgid (missing files are empty;
// malformed lines are skipped: they name no id). Accounts served only by
// other NSS sources (LDAP, sssd) are not seen.
std::vector<HostIdUse> read_host_id_use(const std::string& etc = "/etc");
HostFacts this_host_facts();  // /etc and the usable cores, read once per process

// The first use that overlaps [first, first + count), if any.
const HostIdUse* overlapping_use(const std::vector<HostIdUse>&, uint64_t first, uint64_t count);

}  // namespace mai::config

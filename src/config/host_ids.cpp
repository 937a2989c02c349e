#include "config/host_ids.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <thread>

#include "common/host_resources.hpp"

namespace mai::config {

namespace {

// Colon-separated fields of one line of an /etc database.
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> f;
  std::string cur;
  std::istringstream in(line);
  while (std::getline(in, cur, ':')) f.push_back(cur);
  return f;
}

bool to_id(const std::string& s, uint64_t& out) {
  if (s.empty() || s.size() > 10 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoull(s);
  return true;
}

// Calls fn(fields) for every non-comment line of `path`.
template <class Fn>
void each_entry(const std::string& path, Fn fn) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    fn(fields_of(line));
  }
}

}  // namespace

std::vector<HostIdUse> read_host_id_use(const std::string& etc) {
  std::vector<HostIdUse> out;
  uint64_t id = 0, count = 0;
  each_entry(etc + "/passwd", [&](const std::vector<std::string>& f) {
    if (f.size() < 4) return;
    if (to_id(f[2], id)) out.push_back({id, 1, "uid " + f[2] + " of account \"" + f[0] + "\" (" + etc + "/passwd)"});
    if (to_id(f[3], id)) out.push_back({id, 1, "gid " + f[3] + " of account \"" + f[0] + "\" (" + etc + "/passwd)"});
  });
  each_entry(etc + "/group", [&](const std::vector<std::string>& f) {
    if (f.size() >= 3 && to_id(f[2], id))
      out.push_back({id, 1, "gid " + f[2] + " of group \"" + f[0] + "\" (" + etc + "/group)"});
  });
  for (const char* file : {"subuid", "subgid"}) {
    each_entry(etc + "/" + file, [&](const std::vector<std::string>& f) {
      if (f.size() >= 3 && to_id(f[1], id) && to_id(f[2], count) && count > 0)
        out.push_back({id, count,
                       "subordinate ids " + f[1] + "-" + std::to_string(id + count - 1) + " of \"" + f[0] +
                           "\" (" + etc + "/" + file + ")"});
    });
  }
  return out;
}

HostFacts this_host_facts() {
  // Read once per process: a process loads its configuration once (and the
  // config fuzzer loads it many times a second).
  static const HostFacts facts = [] {
    HostFacts h;
    h.ids_in_use = read_host_id_use();
    h.cores = this_host_resources().whole_cpus();  // affinity and cgroup quota count
    return h;
  }();
  return facts;
}

const HostIdUse* overlapping_use(const std::vector<HostIdUse>& uses, uint64_t first, uint64_t count) {
  for (const auto& u : uses)
    if (u.first < first + count && first < u.first + u.count) return &u;
  return nullptr;
}

}  // namespace mai::config

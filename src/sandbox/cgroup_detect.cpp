// Finding the cgroup hierarchies and choosing the implementation.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "common/error.hpp"
#include "sandbox/cgroup.hpp"

namespace mai::sandbox {

std::unique_ptr<Cgroup> open_cgroup_v1(const std::vector<std::string>& dirs);
std::unique_ptr<Cgroup> open_cgroup_v2(const std::string& dir);

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

}  // namespace

CgroupLayout detect_cgroup_layout(const std::string& mountinfo) {
  CgroupLayout l;
  std::ifstream in(mountinfo);
  std::string line;
  // mountinfo: id parent major:minor root mountpoint opts [optional...] - fstype source superopts
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::vector<std::string> f{std::istream_iterator<std::string>(ls), {}};
    auto dash = std::find(f.begin(), f.end(), "-");
    if (f.size() < 5 || dash == f.end() || std::distance(dash, f.end()) < 4) continue;
    const std::string& mountpoint = f[4];
    const std::string& fstype = *(dash + 1);
    const std::string& superopts = *(dash + 3);
    if (fstype == "cgroup2" && l.unified_root.empty()) {
      l.unified_root = mountpoint;
    } else if (fstype == "cgroup") {
      for (const auto& opt : split(superopts, ','))
        for (const auto& c : v1_controllers_needed())
          if (opt == c && !l.v1.count(c)) l.v1[c] = mountpoint;
    }
  }
  if (!l.unified_root.empty()) {
    std::istringstream cs(cgfs::read(l.unified_root + "/cgroup.controllers"));
    l.v2_controllers.assign(std::istream_iterator<std::string>(cs), {});
  }
  std::set<std::string> v2(l.v2_controllers.begin(), l.v2_controllers.end());
  bool v2_ok = !l.unified_root.empty();
  for (const auto& c : v2_controllers_needed()) v2_ok = v2_ok && v2.count(c);
  bool v1_ok = true;
  std::string missing;
  for (const auto& c : v1_controllers_needed())
    if (!l.v1.count(c)) {
      v1_ok = false;
      missing += (missing.empty() ? "" : ", ") + c;
    }
  if (v2_ok)
    l.version = 2;
  else if (v1_ok)
    l.version = 1;
  else
    l.why_unusable = "no cgroup v2 tree with memory, cpu and pids controllers, and cgroup v1 lacks " + missing;
  return l;
}

std::unique_ptr<Cgroup> make_cgroup(const CgroupLayout& l, const std::string& parent,
                                    const std::string& run_id) {
  if (l.version == 2) return make_cgroup_v2(l.unified_root, parent, run_id);
  if (l.version == 1) return make_cgroup_v1(l.v1, parent, run_id);
  throw SandboxError("cgroup_unavailable", l.why_unusable);
}

std::unique_ptr<Cgroup> open_cgroup(int version, const std::vector<std::string>& dirs) {
  if (version == 2 && !dirs.empty()) return open_cgroup_v2(dirs.front());
  return open_cgroup_v1(dirs);
}

}  // namespace mai::sandbox

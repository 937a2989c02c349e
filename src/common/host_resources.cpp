#include "common/host_resources.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

namespace mai {

namespace {

// The first line of a small file, "" when it cannot be read.
std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

bool parse_u64(const std::string& s, uint64_t& out) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 19) return false;
  out = std::stoull(s);
  return true;
}

// "name value" lines (/proc/meminfo, memory.stat): the value of each of
// `names`, 0 if absent, in one pass (the kernel builds /proc/meminfo afresh
// at every open).
std::vector<uint64_t> keyed_values(const std::string& path, const std::vector<std::string>& names) {
  std::vector<uint64_t> out(names.size(), 0);
  std::vector<bool> seen(names.size(), false);
  std::ifstream in(path);
  std::string key;
  uint64_t value = 0;
  std::string rest;
  size_t found = 0;
  while (found < names.size() && in >> key >> value) {
    std::getline(in, rest);
    if (!key.empty() && key.back() == ':') key.pop_back();
    for (size_t i = 0; i < names.size(); ++i)
      if (!seen[i] && key == names[i]) {
        out[i] = value;
        seen[i] = true;
        ++found;
      }
  }
  return out;
}

uint64_t keyed_value(const std::string& path, const std::string& name) { return keyed_values(path, {name})[0]; }

// "/a/b" -> "/a/b", "/a", "" : this cgroup and every one above it.
std::vector<std::string> self_and_ancestors(std::string path) {
  std::vector<std::string> out;
  while (!path.empty() && path.back() == '/') path.pop_back();
  for (;;) {
    out.push_back(path);
    auto slash = path.rfind('/');
    if (path.empty() || slash == std::string::npos) break;
    path.erase(slash);
  }
  return out;
}

bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

struct CgroupLine {
  std::string controllers;  // "" for v2
  std::string path;
};

std::vector<CgroupLine> self_cgroups(const std::string& proc) {
  std::vector<CgroupLine> out;
  std::ifstream in(proc + "/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    auto a = line.find(':'), b = line.find(':', a == std::string::npos ? a : a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    out.push_back(CgroupLine{line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return out;
}

bool has_controller(const std::string& list, const std::string& name) {
  std::stringstream ss(list);
  std::string c;
  while (std::getline(ss, c, ','))
    if (c == name) return true;
  return false;
}

// The directories of this process's cgroup and its ancestors for one v1
// controller, or for v2 (controller ""). Inside a cgroup namespace the
// path may not exist under the mount: then the mount's own directory is ours.
std::vector<std::string> cgroup_dirs(const std::string& root, const std::vector<CgroupLine>& lines,
                                     const std::string& controller) {
  for (const auto& l : lines) {
    std::string base;
    if (controller.empty()) {
      if (!l.controllers.empty()) continue;
      for (const char* candidate : {"", "/unified"})
        if (exists(root + candidate + "/cgroup.controllers")) {
          base = root + candidate;
          break;
        }
    } else {
      if (!has_controller(l.controllers, controller)) continue;
      for (const std::string& candidate : {l.controllers, controller})
        if (exists(root + "/" + candidate)) {
          base = root + "/" + candidate;
          break;
        }
    }
    if (base.empty()) continue;
    std::string path = exists(base + l.path) ? l.path : "";
    std::vector<std::string> dirs;
    for (const auto& p : self_and_ancestors(path)) dirs.push_back(base + p);
    return dirs;
  }
  return {};
}

// v2 "cpu.max": "max 100000" or "150000 100000".
double v2_cpus(const std::string& dir) {
  std::istringstream in(first_line(dir + "/cpu.max"));
  std::string quota;
  uint64_t q = 0, period = 0;
  if (!(in >> quota >> period) || !parse_u64(quota, q) || period == 0) return 0;
  return static_cast<double>(q) / static_cast<double>(period);
}

double v1_cpus(const std::string& dir) {
  uint64_t q = 0, period = 0;
  if (!parse_u64(first_line(dir + "/cpu.cfs_quota_us"), q) ||  // -1: no quota
      !parse_u64(first_line(dir + "/cpu.cfs_period_us"), period) || period == 0)
    return 0;
  return static_cast<double>(q) / static_cast<double>(period);
}

void read_cgroup_cpus(const std::string& root, const std::vector<CgroupLine>& lines, HostFacts& f) {
  auto consider = [&](double cpus) {
    if (cpus > 0 && (f.cgroup_cpus == 0 || cpus < f.cgroup_cpus)) f.cgroup_cpus = cpus;
  };
  for (const auto& dir : cgroup_dirs(root, lines, "")) consider(v2_cpus(dir));
  for (const auto& dir : cgroup_dirs(root, lines, "cpu")) consider(v1_cpus(dir));
}

// The cgroup (this one or above) that leaves the least memory free.
void read_cgroup_memory(const std::string& root, const std::vector<CgroupLine>& lines, HostFacts& f) {
  uint64_t least_free = UINT64_MAX;
  // memory.stat is read only under a real limit: the kernel formats all of
  // it at every read, and under cgroup v1 that is most of this function's cost.
  auto consider = [&](uint64_t limit, uint64_t usage, const std::string& stat_file, const char* inactive_key) {
    // v1 says "no limit" with a huge number; nothing above the host's memory limits it.
    if (limit == 0 || (f.mem_total && limit >= f.mem_total)) return;
    uint64_t inactive_file = keyed_value(stat_file, inactive_key);
    uint64_t used = usage > inactive_file ? usage - inactive_file : 0;
    uint64_t free = limit > used ? limit - used : 0;
    if (free < least_free) {
      least_free = free;
      f.cgroup_mem_limit = limit;
      f.cgroup_mem_used = used;
    }
  };
  uint64_t limit = 0, usage = 0;
  for (const auto& dir : cgroup_dirs(root, lines, ""))
    if (parse_u64(first_line(dir + "/memory.max"), limit) && parse_u64(first_line(dir + "/memory.current"), usage))
      consider(limit, usage, dir + "/memory.stat", "inactive_file");
  for (const auto& dir : cgroup_dirs(root, lines, "memory"))
    if (parse_u64(first_line(dir + "/memory.limit_in_bytes"), limit) &&
        parse_u64(first_line(dir + "/memory.usage_in_bytes"), usage))
      consider(limit, usage, dir + "/memory.stat", "total_inactive_file");
}

}  // namespace

HostFacts read_host_facts(const std::string& proc, const std::string& cgroup_root) {
  HostFacts f;
  long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  f.online_cpus = online > 0 ? static_cast<unsigned>(online) : 0;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) f.affinity_cpus = static_cast<unsigned>(CPU_COUNT(&set));
  auto mem = keyed_values(proc + "/meminfo", {"MemTotal", "MemAvailable"});
  f.mem_total = mem[0] * 1024;
  f.mem_available = mem[1] * 1024;
  auto lines = self_cgroups(proc);
  read_cgroup_cpus(cgroup_root, lines, f);
  read_cgroup_memory(cgroup_root, lines, f);
  return f;
}

HostResources resources_from(const HostFacts& f) {
  HostResources r;
  r.cpus = f.online_cpus ? f.online_cpus : 1;
  r.cpus_reason = "online cpus";
  if (f.affinity_cpus && f.affinity_cpus < r.cpus) {
    r.cpus = f.affinity_cpus;
    r.cpus_reason = "cpu affinity";
  }
  if (f.cgroup_cpus > 0 && f.cgroup_cpus < r.cpus) {
    r.cpus = f.cgroup_cpus;
    r.cpus_reason = "cgroup cpu quota";
  }
  r.memory_bytes = f.mem_available ? f.mem_available : f.mem_total;
  r.memory_reason = f.mem_available ? "available memory" : "total memory";
  if (f.cgroup_mem_limit) {
    uint64_t free = f.cgroup_mem_limit > f.cgroup_mem_used ? f.cgroup_mem_limit - f.cgroup_mem_used : 0;
    if (r.memory_bytes == 0 || free < r.memory_bytes) {
      r.memory_bytes = free;
      r.memory_reason = "cgroup memory limit";
    }
  }
  // Known but nothing free: the smallest figure, so that runs are still limited.
  if (r.memory_bytes == 0 && (f.mem_available || f.mem_total || f.cgroup_mem_limit)) r.memory_bytes = 1 << 20;
  return r;
}

unsigned HostResources::whole_cpus() const { return std::max(1u, static_cast<unsigned>(std::floor(cpus))); }

HostResources this_host_resources() { return resources_from(read_host_facts()); }

}  // namespace mai

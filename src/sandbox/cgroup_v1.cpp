// cgroup v1: one directory per controller hierarchy (memory, cpu, cpuacct,
// pids; cpu and cpuacct are often co-mounted and then share a directory).
#include <algorithm>
#include <cmath>
#include <sys/stat.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "sandbox/cgroup.hpp"

namespace mai::sandbox {

namespace {

class CgroupV1 final : public Cgroup {
 public:
  explicit CgroupV1(std::map<std::string, std::string> dirs) : dirs_(std::move(dirs)) {}

  int version() const override { return 1; }

  std::vector<std::string> dirs() const override {
    std::vector<std::string> out;
    for (const auto& [ctrl, dir] : dirs_)
      if (std::find(out.begin(), out.end(), dir) == out.end()) out.push_back(dir);
    return out;
  }

  void create() override {
    for (const auto& d : dirs()) {
      make_dirs(parent_of(d), 0755);
      if (::mkdir(d.c_str(), 0755) != 0 && errno != EEXIST) throw_errno("mkdir " + d);
    }
  }

  void set_limits(const Limits& l) override {
    std::string mem = dir("memory");
    cgfs::write(mem + "/memory.limit_in_bytes", std::to_string(l.memory_bytes));
    // No swap: memory+swap capped at the memory limit when swap accounting exists,
    // otherwise at least tell the kernel not to swap this group.
    if (cgfs::exists(mem + "/memory.memsw.limit_in_bytes"))
      cgfs::write(mem + "/memory.memsw.limit_in_bytes", std::to_string(l.memory_bytes));
    else
      cgfs::try_write(mem + "/memory.swappiness", "0");
    std::string cpu = dir("cpu");
    const uint64_t period = 100000;
    auto quota = static_cast<uint64_t>(std::llround(l.cpus * static_cast<double>(period)));
    cgfs::write(cpu + "/cpu.cfs_period_us", std::to_string(period));
    cgfs::write(cpu + "/cpu.cfs_quota_us", std::to_string(std::max<uint64_t>(quota, 1000)));
    cgfs::write(dir("pids") + "/pids.max", std::to_string(l.pids));
  }

  void attach(pid_t pid) override {
    for (const auto& d : dirs()) cgfs::write(d + "/cgroup.procs", std::to_string(pid));
  }

  std::vector<std::string> self_attach_files() const override {
    std::vector<std::string> files;
    for (const auto& d : dirs()) files.push_back(d + "/tasks");
    return files;
  }

  CgroupStats stats() const override {
    CgroupStats s;
    std::string mem = dir("memory"), pids = dir("pids");
    s.memory_bytes = cgfs::read_u64(mem + "/memory.usage_in_bytes");
    s.peak_memory_bytes = cgfs::read_u64(mem + "/memory.max_usage_in_bytes");
    s.oom_kills = cgfs::read_key(mem + "/memory.oom_control", "oom_kill");
    s.cpu_usage_us = cgfs::read_u64(dir("cpuacct") + "/cpuacct.usage") / 1000;
    s.pids = static_cast<uint32_t>(cgfs::read_u64(pids + "/pids.current"));
    s.peak_pids = static_cast<uint32_t>(cgfs::read_u64(pids + "/pids.peak"));
    s.pids_max_events = cgfs::read_key(pids + "/pids.events", "max");
    return s;
  }

  std::vector<pid_t> procs() const override { return cgfs::read_pids(procs_file()); }

  void kill_all() override {
    for (const auto& d : dirs()) cgfs::kill_loop(d + "/cgroup.procs");
  }

  bool destroy() override {
    kill_all();
    bool ok = true;
    for (const auto& d : dirs()) ok = cgfs::remove_dir(d) && ok;
    return ok;
  }

 private:
  std::string dir(const std::string& ctrl) const {
    auto it = dirs_.find(ctrl);
    return it == dirs_.end() ? std::string() : it->second;
  }
  std::string procs_file() const {
    std::string p = dir("pids");
    return (p.empty() ? dirs().front() : p) + "/cgroup.procs";
  }
  static std::string parent_of(const std::string& d) { return d.substr(0, d.rfind('/')); }

  std::map<std::string, std::string> dirs_;  // controller -> this run's directory
};

// Which controller a v1 run directory belongs to, from the files it has.
std::vector<std::string> controllers_of(const std::string& dir) {
  std::vector<std::string> out;
  if (cgfs::exists(dir + "/memory.limit_in_bytes")) out.push_back("memory");
  if (cgfs::exists(dir + "/cpu.cfs_quota_us")) out.push_back("cpu");
  if (cgfs::exists(dir + "/cpuacct.usage")) out.push_back("cpuacct");
  if (cgfs::exists(dir + "/pids.max")) out.push_back("pids");
  return out;
}

}  // namespace

const std::vector<std::string>& v1_controllers_needed() {
  static const std::vector<std::string> c = {"memory", "cpu", "cpuacct", "pids"};
  return c;
}

std::unique_ptr<Cgroup> make_cgroup_v1(const std::map<std::string, std::string>& roots,
                                       const std::string& parent, const std::string& run_id) {
  std::map<std::string, std::string> dirs;
  for (const auto& c : v1_controllers_needed()) {
    auto it = roots.find(c);
    if (it == roots.end()) throw SandboxError("cgroup_unavailable", "cgroup v1 controller " + c + " is not mounted");
    dirs[c] = it->second + "/" + parent + "/" + run_id;
  }
  return std::make_unique<CgroupV1>(std::move(dirs));
}

std::unique_ptr<Cgroup> open_cgroup_v1(const std::vector<std::string>& dirs) {
  std::map<std::string, std::string> m;
  for (const auto& d : dirs)
    for (const auto& c : controllers_of(d)) m[c] = d;
  return std::make_unique<CgroupV1>(std::move(m));
}

}  // namespace mai::sandbox

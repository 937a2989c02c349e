// cgroup v2: one unified tree. The controllers are delegated down the path
// (+memory +cpu +pids in each ancestor's cgroup.subtree_control).
#include <cerrno>
#include <cmath>
#include <iterator>
#include <set>
#include <sstream>
#include <sys/stat.h>

#include "common/error.hpp"
#include "sandbox/cgroup.hpp"

namespace mai::sandbox {

namespace {

class CgroupV2 final : public Cgroup {
 public:
  CgroupV2(std::string root, std::string parent, std::string dir)
      : root_(std::move(root)), parent_(std::move(parent)), dir_(std::move(dir)) {}

  int version() const override { return 2; }
  std::vector<std::string> dirs() const override { return {dir_}; }

  void create() override {
    std::string enable;
    for (const auto& c : v2_controllers_needed()) enable += (enable.empty() ? "+" : " +") + c;
    // Delegate the controllers from the root down to the parent of the run.
    std::string path = root_;
    if (!try_enable_in(path, enable)) {
      // EBUSY: the root is a namespaced (container) root that holds processes,
      // and v2 allows controllers only below cgroups without processes. Like
      // docker-in-docker, move them into a leaf and try again.
      if (errno != EBUSY) throw_errno("cannot enable controllers in " + path);
      evacuate_root();
      enable_in(path, enable);
    }
    size_t start = 0;
    while (start < parent_.size()) {
      size_t slash = parent_.find('/', start);
      std::string part = parent_.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
      start = slash == std::string::npos ? parent_.size() : slash + 1;
      if (part.empty()) continue;
      path += "/" + part;
      if (::mkdir(path.c_str(), 0755) != 0 && errno != EEXIST) throw_errno("mkdir " + path);
      enable_in(path, enable);
    }
    if (::mkdir(dir_.c_str(), 0755) != 0 && errno != EEXIST) throw_errno("mkdir " + dir_);
  }

  void set_limits(const Limits& l) override {
    cgfs::write(dir_ + "/memory.max", std::to_string(l.memory_bytes));
    if (cgfs::exists(dir_ + "/memory.swap.max")) cgfs::write(dir_ + "/memory.swap.max", "0");
    const uint64_t period = 100000;
    auto quota = static_cast<uint64_t>(std::llround(l.cpus * static_cast<double>(period)));
    cgfs::write(dir_ + "/cpu.max", std::to_string(std::max<uint64_t>(quota, 1000)) + " " +
                                       std::to_string(period));
    cgfs::write(dir_ + "/pids.max", std::to_string(l.pids));
  }

  void attach(pid_t pid) override { cgfs::write(dir_ + "/cgroup.procs", std::to_string(pid)); }

  CgroupStats stats() const override {
    CgroupStats s;
    s.memory_bytes = cgfs::read_u64(dir_ + "/memory.current");
    s.peak_memory_bytes = cgfs::read_u64(dir_ + "/memory.peak");
    s.oom_kills = cgfs::read_key(dir_ + "/memory.events", "oom_kill");
    s.cpu_usage_us = cgfs::read_key(dir_ + "/cpu.stat", "usage_usec");
    s.pids = static_cast<uint32_t>(cgfs::read_u64(dir_ + "/pids.current"));
    s.peak_pids = static_cast<uint32_t>(cgfs::read_u64(dir_ + "/pids.peak"));
    s.pids_max_events = cgfs::read_key(dir_ + "/pids.events", "max");
    return s;
  }

  std::vector<pid_t> procs() const override { return cgfs::read_pids(dir_ + "/cgroup.procs"); }

  void kill_all() override {
    // cgroup.kill (5.14+) kills the whole subtree atomically, forks in flight included.
    if (cgfs::exists(dir_ + "/cgroup.kill")) cgfs::try_write(dir_ + "/cgroup.kill", "1");
    cgfs::kill_loop(dir_ + "/cgroup.procs");
  }

  bool destroy() override {
    kill_all();
    return cgfs::remove_dir(dir_);
  }

 private:
  void evacuate_root() {
    std::string leaf = root_ + "/" + parent_ + "-host";
    if (::mkdir(leaf.c_str(), 0755) != 0 && errno != EEXIST) throw_errno("mkdir " + leaf);
    for (pid_t p : cgfs::read_pids(root_ + "/cgroup.procs"))
      cgfs::try_write(leaf + "/cgroup.procs", std::to_string(p));  // kernel threads stay
  }

  static bool try_enable_in(const std::string& dir, const std::string& enable) {
    std::istringstream in(cgfs::read(dir + "/cgroup.subtree_control"));
    std::set<std::string> current{std::istream_iterator<std::string>(in), {}};
    bool all = true;
    for (const auto& c : v2_controllers_needed())
      if (!current.count(c)) all = false;
    return all || cgfs::try_write(dir + "/cgroup.subtree_control", enable);
  }

  static void enable_in(const std::string& dir, const std::string& enable) {
    if (!try_enable_in(dir, enable))
      throw_errno("cannot write '" + enable + "' to " + dir + "/cgroup.subtree_control");
  }

  std::string root_, parent_, dir_;
};

}  // namespace

const std::vector<std::string>& v2_controllers_needed() {
  static const std::vector<std::string> c = {"memory", "cpu", "pids"};
  return c;
}

std::unique_ptr<Cgroup> make_cgroup_v2(const std::string& root, const std::string& parent,
                                       const std::string& run_id) {
  return std::make_unique<CgroupV2>(root, parent, root + "/" + parent + "/" + run_id);
}

std::unique_ptr<Cgroup> open_cgroup_v2(const std::string& dir) {
  return std::make_unique<CgroupV2>(std::string(), std::string(), dir);
}

}  // namespace mai::sandbox

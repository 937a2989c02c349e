// One run's control group: limits, attach, statistics, kill, removal. Two
// implementations (cgroup v1 hierarchies, cgroup v2 unified tree), chosen by
// detection; both take their root paths as parameters so tests can point
// them at a fake tree.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

#include "model/limits.hpp"

namespace mai::sandbox {

struct CgroupStats {
  uint64_t memory_bytes = 0;
  uint64_t peak_memory_bytes = 0;
  uint64_t cpu_usage_us = 0;
  uint32_t pids = 0;
  uint32_t peak_pids = 0;
  uint64_t oom_kills = 0;        // processes the OOM killer killed in this cgroup
  uint64_t pids_max_events = 0;  // forks refused by pids.max
};

class Cgroup {
 public:
  virtual ~Cgroup() = default;
  virtual int version() const = 0;
  virtual std::vector<std::string> dirs() const = 0;
  virtual void create() = 0;  // directories (and v2 controller delegation); throws
  virtual void set_limits(const Limits&) = 0;  // throws
  virtual void attach(pid_t pid) = 0;          // throws
  // Files a task writes "0" to, opened by root, to move itself in, at no
  // more cost than the move (v1: each hierarchy's tasks file). Moving another
  // task (attach) takes a global lock that waits for an RCU grace period, ~10
  // ms on a busy host; v2 has no such file for a whole process: empty.
  virtual std::vector<std::string> self_attach_files() const { return {}; }
  virtual CgroupStats stats() const = 0;       // missing files read as 0
  virtual std::vector<pid_t> procs() const = 0;
  // SIGKILLs every process until none is left (bounded; cgroup.kill on v2).
  virtual void kill_all() = 0;
  // kill_all, then remove the directories. True when they are gone.
  virtual bool destroy() = 0;
};

// Where the hierarchies are mounted, as found in /proc/self/mountinfo.
struct CgroupLayout {
  int version = 0;                         // 2, 1, or 0 when neither is usable
  std::string unified_root;                // v2 mount (also set on v1 hosts with a hybrid mount)
  std::map<std::string, std::string> v1;   // controller -> v1 hierarchy mount
  std::vector<std::string> v2_controllers; // cgroup.controllers of the unified root
  std::string why_unusable;                // when version == 0
};

CgroupLayout detect_cgroup_layout(const std::string& mountinfo = "/proc/self/mountinfo");

// The v1 controllers a run needs, and those the v2 tree must delegate.
const std::vector<std::string>& v1_controllers_needed();
const std::vector<std::string>& v2_controllers_needed();

// <root>/<parent>/<run_id> in every needed hierarchy.
std::unique_ptr<Cgroup> make_cgroup_v1(const std::map<std::string, std::string>& roots,
                                       const std::string& parent, const std::string& run_id);
std::unique_ptr<Cgroup> make_cgroup_v2(const std::string& root, const std::string& parent,
                                       const std::string& run_id);
std::unique_ptr<Cgroup> make_cgroup(const CgroupLayout&, const std::string& parent,
                                    const std::string& run_id);  // throws if version 0
// An existing run's cgroup from its directories (for probes).
std::unique_ptr<Cgroup> open_cgroup(int version, const std::vector<std::string>& dirs);

// Shared helpers of both implementations.
namespace cgfs {
bool exists(const std::string& path);
void write(const std::string& path, const std::string& value);  // throws naming the path
bool try_write(const std::string& path, const std::string& value);
std::string read(const std::string& path);  // "" if missing
uint64_t read_u64(const std::string& path);  // 0 if missing or "max"
// "key value" lines (memory.events, pids.events, cpu.stat, memory.oom_control).
uint64_t read_key(const std::string& path, const std::string& key);
std::vector<pid_t> read_pids(const std::string& path);
void kill_loop(const std::string& procs_file);
bool remove_dir(const std::string& dir);
}  // namespace cgfs

}  // namespace mai::sandbox

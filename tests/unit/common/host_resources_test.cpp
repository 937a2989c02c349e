// What the host can give runs: decided from injected facts, read from fake
// /proc and cgroup trees (v1 and v2), and read for real once.
#include "common/host_resources.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "common/files.hpp"

namespace mai {

namespace {

constexpr uint64_t MiB = 1ull << 20, GiB = 1ull << 30;

struct TempTree {
  std::string dir;
  TempTree() {
    char tmpl[] = "/tmp/mai-host-facts-XXXXXX";
    dir = ::mkdtemp(tmpl);
  }
  ~TempTree() { remove_tree(dir); }
  void write(const std::string& rel, const std::string& text) const {
    auto path = dir + "/" + rel;
    make_dirs(path.substr(0, path.rfind('/')));
    std::ofstream(path) << text;
  }
};

const char* meminfo = "MemTotal:       8388608 kB\nMemFree:  100 kB\nMemAvailable:   2097152 kB\n";

}  // namespace

TEST(HostResources, AllFreeOnABigHost) {
  HostFacts f;
  f.online_cpus = 8;
  f.affinity_cpus = 8;
  f.mem_total = 32 * GiB;
  f.mem_available = 30 * GiB;
  auto r = resources_from(f);
  EXPECT_EQ(r.cpus, 8.0);
  EXPECT_EQ(r.cpus_reason, "online cpus");
  EXPECT_EQ(r.memory_bytes, 30 * GiB);
  EXPECT_EQ(r.memory_reason, "available memory");
  EXPECT_EQ(r.whole_cpus(), 8u);
}

TEST(HostResources, TheTightestSourceWinsAndIsNamed) {
  HostFacts f;
  f.online_cpus = 8;
  f.affinity_cpus = 3;
  auto r = resources_from(f);
  EXPECT_EQ(r.cpus, 3.0);
  EXPECT_EQ(r.cpus_reason, "cpu affinity");
  f.cgroup_cpus = 1.5;
  r = resources_from(f);
  EXPECT_EQ(r.cpus, 1.5);
  EXPECT_EQ(r.cpus_reason, "cgroup cpu quota");
  EXPECT_EQ(r.whole_cpus(), 1u);
  f.cgroup_cpus = 0.25;  // less than one cpu still allows one run at a time
  EXPECT_EQ(resources_from(f).whole_cpus(), 1u);

  f.mem_total = 16 * GiB;
  f.mem_available = 700 * MiB;
  r = resources_from(f);
  EXPECT_EQ(r.memory_bytes, 700 * MiB);
  EXPECT_EQ(r.memory_reason, "available memory");
  f.cgroup_mem_limit = 2 * GiB;
  f.cgroup_mem_used = 1800 * MiB;  // the cgroup leaves 248 MiB
  r = resources_from(f);
  EXPECT_EQ(r.memory_bytes, 248 * MiB);
  EXPECT_EQ(r.memory_reason, "cgroup memory limit");
  f.cgroup_mem_used = 3 * GiB;  // over its limit: nothing free, still a limit
  EXPECT_EQ(resources_from(f).memory_bytes, 1 * MiB);
}

TEST(HostResources, UnknownFactsClampNothing) {
  auto r = resources_from(HostFacts{});
  EXPECT_EQ(r.cpus, 1.0);
  EXPECT_EQ(r.memory_bytes, 0u);
  HostFacts old_kernel;  // no MemAvailable: the total is all there is to go by
  old_kernel.mem_total = 4 * GiB;
  r = resources_from(old_kernel);
  EXPECT_EQ(r.memory_bytes, 4 * GiB);
  EXPECT_EQ(r.memory_reason, "total memory");
}

TEST(HostResources, ReadsCgroupV1OfThisProcessAndItsParents) {
  TempTree t;
  t.write("proc/meminfo", meminfo);
  t.write("proc/self/cgroup", "5:memory:/svc/inner\n4:cpu,cpuacct:/svc/inner\n0::/\n");
  // The parent's quota is the tighter one; the child's memory limit is.
  t.write("cg/cpu,cpuacct/svc/inner/cpu.cfs_quota_us", "-1\n");
  t.write("cg/cpu,cpuacct/svc/inner/cpu.cfs_period_us", "100000\n");
  t.write("cg/cpu,cpuacct/svc/cpu.cfs_quota_us", "150000\n");
  t.write("cg/cpu,cpuacct/svc/cpu.cfs_period_us", "100000\n");
  t.write("cg/memory/svc/inner/memory.limit_in_bytes", std::to_string(1 * GiB) + "\n");
  t.write("cg/memory/svc/inner/memory.usage_in_bytes", std::to_string(600 * MiB) + "\n");
  t.write("cg/memory/svc/inner/memory.stat", "cache 1\ntotal_inactive_file " + std::to_string(100 * MiB) + "\n");
  t.write("cg/memory/svc/memory.limit_in_bytes", "9223372036854771712\n");  // no limit
  t.write("cg/memory/svc/memory.usage_in_bytes", "1\n");
  auto f = read_host_facts(t.dir + "/proc", t.dir + "/cg");
  EXPECT_EQ(f.mem_total, 8 * GiB);
  EXPECT_EQ(f.mem_available, 2 * GiB);
  EXPECT_EQ(f.cgroup_cpus, 1.5);
  EXPECT_EQ(f.cgroup_mem_limit, 1 * GiB);
  EXPECT_EQ(f.cgroup_mem_used, 500 * MiB);
  auto r = resources_from(f);
  EXPECT_EQ(r.memory_bytes, 524 * MiB);
  EXPECT_EQ(r.memory_reason, "cgroup memory limit");
}

TEST(HostResources, ReadsCgroupV2OfThisProcessAndItsParents) {
  TempTree t;
  t.write("proc/meminfo", meminfo);
  t.write("proc/self/cgroup", "0::/user.slice/svc\n");
  t.write("cg/cgroup.controllers", "cpu memory pids\n");
  t.write("cg/user.slice/svc/cpu.max", "50000 100000\n");
  t.write("cg/user.slice/cpu.max", "max 100000\n");
  t.write("cg/user.slice/svc/memory.max", "max\n");
  t.write("cg/user.slice/svc/memory.current", "1\n");
  t.write("cg/user.slice/memory.max", std::to_string(3 * GiB) + "\n");
  t.write("cg/user.slice/memory.current", std::to_string(2 * GiB) + "\n");
  t.write("cg/user.slice/memory.stat", "anon 5\ninactive_file " + std::to_string(512 * MiB) + "\n");
  auto f = read_host_facts(t.dir + "/proc", t.dir + "/cg");
  EXPECT_EQ(f.cgroup_cpus, 0.5);
  EXPECT_EQ(f.cgroup_mem_limit, 3 * GiB);
  EXPECT_EQ(f.cgroup_mem_used, 1536 * MiB);
  auto r = resources_from(f);
  EXPECT_EQ(r.cpus, 0.5);
  EXPECT_EQ(r.memory_bytes, 1536 * MiB);
}

TEST(HostResources, InsideACgroupNamespaceTheMountIsOurs) {
  // /proc/self/cgroup names a path the mount does not show: its root is ours.
  TempTree t;
  t.write("proc/meminfo", meminfo);
  t.write("proc/self/cgroup", "0::/somewhere/else\n");
  t.write("cg/cgroup.controllers", "cpu memory\n");
  t.write("cg/cpu.max", "200000 100000\n");
  EXPECT_EQ(read_host_facts(t.dir + "/proc", t.dir + "/cg").cgroup_cpus, 2.0);
}

TEST(HostResources, ThisHostForReal) {
  auto f = read_host_facts();
  EXPECT_GE(f.online_cpus, 1u);
  EXPECT_GE(f.affinity_cpus, 1u);
  EXPECT_GT(f.mem_total, 0u);
  EXPECT_LE(f.mem_available, f.mem_total);
  auto r = this_host_resources();
  EXPECT_GT(r.cpus, 0.0);
  EXPECT_LE(r.cpus, static_cast<double>(f.online_cpus));
  EXPECT_GT(r.memory_bytes, 0u);
  EXPECT_LE(r.memory_bytes, f.mem_total);
}

}  // namespace mai

// cgroup v1 for real on this host's hierarchies; cgroup v2 on a fake cgroupfs
// tree in a temporary directory (and for real only where the unified tree
// has the controllers).
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "sandbox/cgroup.hpp"
#include "test_util.hpp"  // the tests' settings and scratch root

using namespace mai;
using namespace mai::sandbox;

namespace {

Limits limits() {
  Limits l;
  l.cpus = 0.5;
  l.memory_bytes = 64ull << 20;
  l.pids = 16;
  return l;
}

void put(const std::string& path, const std::string& content) {
  std::ofstream(path) << content;
}

pid_t sleeper() {
  pid_t p = ::fork();
  if (p == 0) {
    ::pause();
    ::_exit(0);
  }
  return p;
}

}  // namespace

TEST(sandboxCgroupDetect, ParsesMountinfo) {
  std::string dir = "/tmp/mai-cg-detect-" + random_hex(4);
  make_dirs(dir + "/unified", 0755);
  put(dir + "/unified/cgroup.controllers", "cpuset cpu io memory pids\n");
  put(dir + "/mountinfo",
      "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
      "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw shared:5 - cgroup cgroup rw,cpu,cpuacct\n"
      "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"
      "39 31 0:36 / /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids\n"
      "41 31 0:38 / " + dir + "/unified rw - cgroup2 cgroup2 rw\n");
  CgroupLayout l = detect_cgroup_layout(dir + "/mountinfo");
  EXPECT_EQ(l.version, 2);  // the unified tree has every controller: prefer it
  EXPECT_EQ(l.v1.at("cpu"), "/sys/fs/cgroup/cpu,cpuacct");
  EXPECT_EQ(l.v1.at("cpuacct"), "/sys/fs/cgroup/cpu,cpuacct");
  put(dir + "/unified/cgroup.controllers", "hugetlb\n");
  l = detect_cgroup_layout(dir + "/mountinfo");
  EXPECT_EQ(l.version, 1);  // like this host: an almost empty v2 mount
  EXPECT_EQ(l.v1.at("memory"), "/sys/fs/cgroup/memory");
  remove_tree(dir);
}

TEST(sandboxCgroupV2, FakeTreeDelegatesLimitsAndStats) {
  std::string root = "/tmp/mai-cg-v2-" + random_hex(4);
  make_dirs(root, 0755);
  put(root + "/cgroup.controllers", "cpu memory pids\n");
  put(root + "/cgroup.subtree_control", "");
  // A real cgroupfs creates the interface files with each directory; the
  // fake tree has them made up front.
  std::string d = root + "/mai/runs/abcdef0123456789";
  make_dirs(d, 0755);
  put(root + "/mai/cgroup.subtree_control", "");
  put(root + "/mai/runs/cgroup.subtree_control", "");
  auto cg = make_cgroup_v2(root, "mai/runs", "abcdef0123456789");
  cg->create();
  ASSERT_EQ(cg->dirs(), std::vector<std::string>{d});
  EXPECT_EQ(read_file(root + "/cgroup.subtree_control"), "+memory +cpu +pids");
  EXPECT_EQ(read_file(root + "/mai/cgroup.subtree_control"), "+memory +cpu +pids");
  EXPECT_EQ(read_file(root + "/mai/runs/cgroup.subtree_control"), "+memory +cpu +pids");
  for (const char* f : {"memory.max", "memory.swap.max", "cpu.max", "pids.max", "cgroup.procs"}) put(d + "/" + f, "");
  cg->set_limits(limits());
  EXPECT_EQ(read_file(d + "/memory.max"), std::to_string(64 << 20));
  EXPECT_EQ(read_file(d + "/memory.swap.max"), "0");
  EXPECT_EQ(read_file(d + "/cpu.max"), "50000 100000");
  EXPECT_EQ(read_file(d + "/pids.max"), "16");
  cg->attach(4242);
  EXPECT_EQ(read_file(d + "/cgroup.procs"), "4242");

  put(d + "/memory.current", "1000\n");
  put(d + "/memory.peak", "2000\n");
  put(d + "/memory.events", "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n");
  put(d + "/cpu.stat", "usage_usec 12345\nuser_usec 10000\nsystem_usec 2345\n");
  put(d + "/pids.current", "3\n");
  put(d + "/pids.peak", "9\n");
  put(d + "/pids.events", "max 2\n");
  CgroupStats s = cg->stats();
  EXPECT_EQ(s.memory_bytes, 1000u);
  EXPECT_EQ(s.peak_memory_bytes, 2000u);
  EXPECT_EQ(s.oom_kills, 1u);
  EXPECT_EQ(s.cpu_usage_us, 12345u);
  EXPECT_EQ(s.pids, 3u);
  EXPECT_EQ(s.peak_pids, 9u);
  EXPECT_EQ(s.pids_max_events, 2u);

  // kill_all uses cgroup.kill when the kernel has it.
  put(d + "/cgroup.kill", "");
  put(d + "/cgroup.procs", "");
  cg->kill_all();
  EXPECT_EQ(read_file(d + "/cgroup.kill"), "1");

  // A probe reopens the same directory.
  auto probe = open_cgroup(2, {d});
  EXPECT_EQ(probe->stats().pids_max_events, 2u);
  remove_tree(root);
}

TEST(sandboxCgroupV2, FakeTreeLeavesADelegatingRootAlone) {
  // A root that already delegates every controller is left untouched (no
  // write, no evacuation of its processes).
  std::string root = "/tmp/mai-cg-v2-" + random_hex(4);
  make_dirs(root + "/p", 0755);
  put(root + "/cgroup.subtree_control", "cpuset cpu io memory pids\n");
  put(root + "/p/cgroup.subtree_control", "memory pids cpu\n");
  auto cg = make_cgroup_v2(root, "p", "0123456789abcdef");
  cg->create();
  EXPECT_EQ(read_file(root + "/cgroup.subtree_control"), "cpuset cpu io memory pids\n");
  EXPECT_TRUE(cgfs::exists(root + "/p/0123456789abcdef"));
  EXPECT_FALSE(cgfs::exists(root + "/p-host"));
  remove_tree(root);
}

TEST(sandboxCgroupV2, RealUnifiedTreeIfControllersAvailable) {
  CgroupLayout l = detect_cgroup_layout();
  if (l.version != 2) GTEST_SKIP() << "no cgroup v2 tree with memory, cpu and pids on this host";
  if (::geteuid() != 0) GTEST_SKIP() << "needs root";
  auto cg = make_cgroup_v2(l.unified_root, "mai-sandbox-test", random_hex(8));
  cg->create();
  cg->set_limits(limits());
  pid_t p = sleeper();
  cg->attach(p);
  EXPECT_EQ(cg->procs(), std::vector<pid_t>{p});
  EXPECT_TRUE(cg->destroy());
  int st = 0;
  ::waitpid(p, &st, 0);
  EXPECT_TRUE(WIFSIGNALED(st));
}

TEST(sandboxCgroupV1, RealHierarchies) {
  CgroupLayout l = detect_cgroup_layout();
  if (l.version != 1) GTEST_SKIP() << "this host does not use cgroup v1";
  if (::geteuid() != 0) GTEST_SKIP() << "needs root";
  auto cg = make_cgroup_v1(l.v1, "mai-sandbox-test", random_hex(8));
  cg->create();
  cg->set_limits(limits());
  auto dirs = cg->dirs();
  ASSERT_GE(dirs.size(), 3u);
  std::string run = dirs[0].substr(dirs[0].rfind('/') + 1);
  std::string mem = l.v1.at("memory") + "/mai-sandbox-test/" + run;
  EXPECT_EQ(std::stoull(read_file(mem + "/memory.limit_in_bytes")), 64ull << 20);
  if (cgfs::exists(mem + "/memory.memsw.limit_in_bytes")) {
    EXPECT_EQ(std::stoull(read_file(mem + "/memory.memsw.limit_in_bytes")), 64ull << 20);
  }
  std::string cpu_dir;
  for (const auto& d : dirs)
    if (cgfs::exists(d + "/cpu.cfs_quota_us")) cpu_dir = d;
  EXPECT_EQ(read_file(cpu_dir + "/cpu.cfs_quota_us"), "50000\n");

  pid_t a = sleeper(), b = sleeper();
  cg->attach(a);
  cg->attach(b);
  auto procs = cg->procs();
  EXPECT_EQ(procs.size(), 2u);
  CgroupStats s = cg->stats();
  EXPECT_EQ(s.pids, 2u);
  EXPECT_TRUE(cg->destroy());
  for (pid_t p : {a, b}) {
    int st = 0;
    ASSERT_EQ(::waitpid(p, &st, 0), p);
    EXPECT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
  }
  for (const auto& d : dirs) EXPECT_FALSE(cgfs::exists(d)) << d;
}

TEST(sandboxCgroupV1, PidsLimitRefusesForksAndCounts) {
  CgroupLayout l = detect_cgroup_layout();
  if (l.version != 1 || ::geteuid() != 0) GTEST_SKIP() << "needs root on a cgroup v1 host";
  auto cg = make_cgroup_v1(l.v1, "mai-sandbox-test", random_hex(8));
  cg->create();
  Limits lim = limits();
  lim.pids = 2;
  cg->set_limits(lim);
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  pid_t p = ::fork();
  if (p == 0) {
    char c;
    if (::read(go[0], &c, 1) != 1) ::_exit(9);
    int refused = 0;
    for (int i = 0; i < 4; ++i) {
      pid_t c2 = ::fork();
      if (c2 == 0) {
        ::pause();
        ::_exit(0);
      }
      if (c2 < 0) ++refused;
    }
    ::_exit(refused > 0 ? 0 : 1);
  }
  cg->attach(p);
  ASSERT_EQ(::write(go[1], "g", 1), 1);
  int st = 0;
  ::waitpid(p, &st, 0);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  EXPECT_GT(cg->stats().pids_max_events, 0u);
  EXPECT_TRUE(cg->destroy());
  ::close(go[0]);
  ::close(go[1]);
}

// A cold start's stock (run_stock.hpp): each item (host ids, scratch
// directory, cgroup) serves one run and goes with it; the stock refills;
// what is left goes with the backend, or, if its process is killed, with the
// next start's stale-run sweep; a finer request's limits reach the cgroup.
#include <gtest/gtest.h>

#include <dirent.h>
#include <set>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "common/files.hpp"
#include "sandbox/native_backend.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

// A scratch root of the test's own, so its directories can be counted.
std::string own_root() {
  std::string r = scratch_base() + "/stock-" + random_hex(4);
  make_dirs(r, 0700);
  return r;
}

std::set<std::string> dirs_in(const std::string& root) {
  std::set<std::string> out;
  DIR* d = ::opendir(root.c_str());
  while (dirent* e = d ? ::readdir(d) : nullptr)
    if (valid_run_id(e->d_name)) out.insert(e->d_name);
  if (d) ::closedir(d);
  return out;
}

// Polls (no fixed sleep) until `root` holds exactly `n` run-id directories
// besides `besides`; returns them.
std::set<std::string> wait_for_dirs(const std::string& root, size_t n, const std::set<std::string>& besides = {}) {
  std::set<std::string> now;
  for (int i = 0; i < 3000; ++i) {
    now.clear();
    for (const auto& d : dirs_in(root))
      if (!besides.count(d)) now.insert(d);
    if (now.size() == n) return now;
    ::usleep(10000);
  }
  ADD_FAILURE() << "expected " << n << " directories in " << root << ", found " << now.size();
  return now;
}

RunSpec spec_in(const std::string& root, const std::string& code, Limits limits = small_limits()) {
  RunSpec s = make_spec(code, Language::python, limits);
  s.scratch_root = root;
  return s;
}

bool cgroup_gone(const std::string& id) {
  auto cg = make_cgroup(detect_cgroup_layout(), test_config().native.cgroup_parent, id);
  for (const auto& d : cg->dirs())
    if (cgfs::exists(d)) return false;
  return true;
}

// The last path element: the cgroup's (and its directory's) name.
std::string leaf(const std::string& path) { return path.substr(path.rfind('/') + 1); }

}  // namespace

TEST(RunStock, EachItemServesOneRunAndTheStockRefills) {
  MAI_REQUIRE_ROOT();
  std::string root = own_root();
  auto backend = make_native_backend_with_stock(test_config(), 2);
  // The first cold start builds its own: nothing was known to stock for.
  auto first = spec_in(root, "print('one')\n");
  auto out = backend->launch(first)->wait();
  EXPECT_EQ(out.stdout_data, "one\n");
  RunDirReaper::instance().flush();
  auto stocked = wait_for_dirs(root, 2);
  for (const auto& id : stocked) EXPECT_FALSE(cgroup_gone(id)) << "stocked without its cgroup: " << id;

  auto second = spec_in(root, "print('two')\n");
  auto box = backend->launch(second);
  // Its directory and cgroup are a stocked one's, recorded under its run id.
  std::string taken = leaf(box->probe_target().cgroup_dirs.front());
  EXPECT_TRUE(stocked.count(taken)) << taken;
  EXPECT_EQ(run_id_of(root + "/" + taken, taken), second.run_id);
  EXPECT_EQ(box->wait().stdout_data, "two\n");
  box.reset();
  RunDirReaper::instance().flush();
  // Used once: gone with its run, directory and cgroup; two others stocked.
  EXPECT_FALSE(path_exists(root + "/" + taken));
  EXPECT_TRUE(cgroup_gone(taken));
  auto refilled = wait_for_dirs(root, 2);
  EXPECT_FALSE(refilled.count(taken));

  // What is left goes with the backend.
  backend.reset();
  EXPECT_TRUE(dirs_in(root).empty());
  for (const auto& id : refilled) EXPECT_TRUE(cgroup_gone(id)) << id;
  remove_tree(root);
}

TEST(RunStock, AFinerRequestsLimitsReachTheStockedCgroup) {
  MAI_REQUIRE_ROOT();
  std::string root = own_root();
  auto backend = make_native_backend_with_stock(test_config(), 1);
  backend->launch(spec_in(root, "pass\n"))->wait();
  RunDirReaper::instance().flush();
  wait_for_dirs(root, 1);
  Limits finer = small_limits();
  finer.memory_bytes = 96ull << 20;
  finer.pids = 24;
  auto box = backend->launch(spec_in(root, "import time\ntime.sleep(0.2)\n", finer));
  auto t = box->probe_target();
  auto cg = open_cgroup(t.cgroup_version, t.cgroup_dirs);
  std::string memory, pids;
  for (const auto& d : t.cgroup_dirs) {
    for (const char* f : {"/memory.max", "/memory.limit_in_bytes"})
      if (cgfs::exists(d + f)) memory = cgfs::read(d + f);
    if (cgfs::exists(d + "/pids.max")) pids = cgfs::read(d + "/pids.max");
  }
  EXPECT_EQ(std::stoull(memory), 96ull << 20);
  EXPECT_EQ(std::stoul(pids), 24u);
  EXPECT_TRUE(box->wait().exited);
  box.reset();
  backend.reset();
  RunDirReaper::instance().flush();
  remove_tree(root);
}

TEST(RunStock, AKilledHoldersStockIsSweptAtTheNextStart) {
  MAI_REQUIRE_ROOT();
  std::string root = own_root();
  auto cfg = test_config();
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  pid_t holder = ::fork();
  if (holder == 0) {
    auto backend = make_native_backend_with_stock(cfg, 2);
    auto first = spec_in(root, "pass\n");
    backend->launch(first)->wait();
    // The first run's directory may stay (a reaper thread is not forked with
    // the test process): the stock is what is there besides it.
    wait_for_dirs(root, 2, {first.run_id});
    if (::write(ready[1], first.run_id.data(), first.run_id.size()) != static_cast<ssize_t>(first.run_id.size()))
      ::_exit(1);
    for (;;) ::pause();
  }
  ::close(ready[1]);
  char buf[64];
  ssize_t n = ::read(ready[0], buf, sizeof buf);
  ASSERT_EQ(n, 32) << "the holder made no stock";
  ::close(ready[0]);
  std::string first_id(buf, static_cast<size_t>(n));
  auto stocked = wait_for_dirs(root, 2, {first_id});
  // A live holder's stock is left alone.
  cleanup_stale_runs(root, cfg);
  for (const auto& id : stocked) EXPECT_TRUE(dirs_in(root).count(id)) << "a live holder's stock was swept";
  ::kill(holder, SIGKILL);
  ::waitpid(holder, nullptr, 0);
  for (const auto& id : stocked) EXPECT_TRUE(dirs_in(root).count(id)) << id;  // the leftovers
  for (const auto& id : stocked) EXPECT_FALSE(cgroup_gone(id)) << id;
  cleanup_stale_runs(root, cfg);
  EXPECT_TRUE(dirs_in(root).empty());
  for (const auto& id : stocked) EXPECT_TRUE(cgroup_gone(id)) << id;
  remove_tree(root);
}

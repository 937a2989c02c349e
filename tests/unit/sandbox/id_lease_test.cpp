// Host id leases (id_lease.hpp): exclusive on the whole host, released clean,
// abandoned leases reclaimed only once no process has their ids, under
// threads and processes hammering a small range, and with real runs of two
// "services" (different scratch roots) and a SIGKILLed supervisor.
#include <sys/mman.h>
#include <sys/prctl.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "attack_util.hpp"
#include "sandbox/process_ids.hpp"
#include "sandbox/run_dir_reaper.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

// Ids no process has: far above any range a host hands out.
constexpr uint32_t kUnusedIds = 3000000000u;

// A private lock directory for tests that must not meet real leases.
class LeaseDir {
 public:
  LeaseDir() : path_(scratch_base() + "/leases-" + random_hex(4)) {}
  ~LeaseDir() { remove_tree(path_); }
  const std::string& path() const { return path_; }
  bool has(uint32_t id) const { return path_exists(path_ + "/" + std::to_string(id)); }
  size_t files() const {
    size_t n = 0;
    if (DIR* d = ::opendir(path_.c_str())) {
      while (dirent* e = ::readdir(d)) n += e->d_name[0] != '.';
      ::closedir(d);
    }
    return n;
  }

 private:
  std::string path_;
};

std::string error_code_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const SandboxError& e) {
    return e.code();
  }
  return "";
}

// Shared between processes: which holder has each slot now, and how often
// two had one at once.
struct Ledger {
  std::atomic<uint32_t> holder[64];
  std::atomic<uint32_t> overlaps;
  std::atomic<uint32_t> leases;
};

Ledger* shared_ledger() {
  void* p = ::mmap(nullptr, sizeof(Ledger), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  return new (p) Ledger{};
}

}  // namespace

TEST(sandboxIdLease, ExclusiveThenFreeAgain) {
  MAI_REQUIRE_ROOT();
  LeaseDir dir;
  IdPool pool({kUnusedIds, 4}, 2, dir.path());
  ASSERT_EQ(pool.slots(), 2u);
  IdLease a = pool.acquire(), b = pool.acquire();
  EXPECT_NE(a.first(), b.first());
  EXPECT_EQ(a.count(), 2u);
  EXPECT_EQ(a.first() % 2, 0u);
  EXPECT_EQ(error_code_of([&] { pool.acquire(); }), "ids_exhausted");
  // Another pool (another service) over an overlapping, differently aligned
  // range gets nothing either: the locks are per id.
  IdPool other({kUnusedIds + 1, 2}, 2, dir.path());
  EXPECT_EQ(error_code_of([&] { other.acquire(); }), "ids_exhausted");
  uint32_t freed = a.first();
  a.vacated();
  a.release();
  EXPECT_FALSE(dir.has(freed));
  EXPECT_FALSE(dir.has(freed + 1));
  IdLease c = pool.acquire();
  EXPECT_EQ(c.first(), freed);
  // Not vacated: its files stay behind, abandoned; nothing has the ids, so
  // the next taker (after a /proc check) and the sweep may take them.
  uint32_t left = c.first();
  c.release();
  EXPECT_TRUE(dir.has(left));
  EXPECT_EQ(lease_census({kUnusedIds, 4}, 2, dir.path()).abandoned, 1u);
  EXPECT_EQ(lease_census({kUnusedIds, 4}, 2, dir.path()).held, 1u);
  EXPECT_EQ(reclaim_abandoned_leases(dir.path()), 2u);
  EXPECT_FALSE(dir.has(left));
  b.vacated();
}

TEST(sandboxIdLease, AbandonedLeaseWaitsUntilNoProcessHasItsIds) {
  MAI_REQUIRE_ROOT();
  IdLease real = lease_test_uid();  // an id nobody else has while we test with it
  uint32_t id = real.first();
  LeaseDir dir;
  make_dirs(dir.path(), 0700);
  write_file_atomic(dir.path() + "/" + std::to_string(id), "", 0600);  // a holder died
  IdPool pool({id, 1}, 1, dir.path());
  {
    HostVictim leftover(id);  // its run's process outlived it
    for (int i = 0; i < 100 && !ids_of_all_processes().count(id); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));  // until it has switched uid
    EXPECT_EQ(error_code_of([&] { pool.acquire(); }), "ids_exhausted");
    EXPECT_EQ(reclaim_abandoned_leases(dir.path()), 0u);
    EXPECT_TRUE(dir.has(id));
    EXPECT_TRUE(any_process_owned_by(id, 1));
  }
  EXPECT_FALSE(ids_of_all_processes().count(id));
  IdLease taken = pool.acquire();  // reclaimed: no process has it any more
  EXPECT_EQ(taken.first(), id);
  taken.vacated();
}

TEST(sandboxIdLease, LeaseOfAKilledHolderIsReclaimed) {
  MAI_REQUIRE_ROOT();
  LeaseDir dir;
  IdPool pool({kUnusedIds + 100, 2}, 2, dir.path());
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  pid_t holder = ::fork();
  if (holder == 0) {
    IdPool mine({kUnusedIds + 100, 2}, 2, dir.path());
    IdLease lease = mine.acquire();
    if (::write(ready[1], "r", 1) != 1) ::_exit(1);
    for (;;) ::pause();
  }
  ::close(ready[1]);
  char c;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  ::close(ready[0]);
  EXPECT_EQ(error_code_of([&] { pool.acquire(); }), "ids_exhausted");  // held by a live process
  ::kill(holder, SIGKILL);
  ::waitpid(holder, nullptr, 0);
  // The kernel let go of its locks; its files are left, and nothing has the ids.
  EXPECT_TRUE(dir.has(kUnusedIds + 100));
  IdLease lease = pool.acquire();
  EXPECT_EQ(lease.first(), kUnusedIds + 100);
  lease.vacated();
  lease.release();
  EXPECT_EQ(dir.files(), 0u);
}

TEST(sandboxIdLease, StressThreadsInSeveralProcesses) {
  MAI_REQUIRE_ROOT();
  // 4 processes x 6 threads on 6 slots: every lease is checked against a
  // ledger in shared memory; no slot may ever have two holders.
  LeaseDir dir;
  constexpr int kProcs = 4, kThreads = 6, kRounds = 150;
  constexpr uint32_t kSlots = 6;
  Ledger* ledger = shared_ledger();
  std::vector<pid_t> procs;
  for (int p = 0; p < kProcs; ++p) {
    pid_t pid = ::fork();
    if (pid == 0) {
      IdPool pool({kUnusedIds + 1000, kSlots * 2}, 2, dir.path());
      std::vector<std::thread> threads;
      for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, me = static_cast<uint32_t>(p * kThreads + t + 1)] {
          for (int round = 0; round < kRounds; ++round) {
            IdLease lease;
            while (!lease.held()) {
              try {
                lease = pool.acquire();
              } catch (const SandboxError&) {
                std::this_thread::yield();  // all slots taken: try again
              }
            }
            uint32_t slot = (lease.first() - (kUnusedIds + 1000)) / 2;
            uint32_t none = 0;
            if (!ledger->holder[slot].compare_exchange_strong(none, me)) ++ledger->overlaps;
            std::this_thread::sleep_for(std::chrono::microseconds(50));
            uint32_t mine = me;
            if (!ledger->holder[slot].compare_exchange_strong(mine, 0)) ++ledger->overlaps;
            ++ledger->leases;
            lease.vacated();
          }
        });
      for (auto& th : threads) th.join();
      ::_exit(0);
    }
    procs.push_back(pid);
  }
  for (pid_t pid : procs) {
    int st = 0;
    ::waitpid(pid, &st, 0);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  }
  EXPECT_EQ(ledger->overlaps.load(), 0u);
  EXPECT_EQ(ledger->leases.load(), static_cast<uint32_t>(kProcs * kThreads * kRounds));
  EXPECT_EQ(dir.files(), 0u) << "every lease was released clean";
  ::munmap(ledger, sizeof(Ledger));
}

MAI_BACKEND_SUITE(sandboxIdLeaseRuns);

namespace {

// A config whose ranges only this test uses (the lock directory is the real,
// host-wide one): 4 runs' worth per backend.
config::SandboxConfig narrow_config(uint32_t first) {
  auto cfg = test_config();
  cfg.native.ids = {first, 8};
  cfg.docker.ids = {first + 8, 4};
  return cfg;
}

uint32_t ids_per_run() { return on_docker() ? config::kDockerIdsPerRun : config::kNativeIdsPerRun; }
const config::IdRange& range_of(const config::SandboxConfig& c) { return on_docker() ? c.docker.ids : c.native.ids; }

// Whether any of `range`'s lock files in the real directory is left unheld.
bool abandoned_in(const config::IdRange& range) {
  return lease_census(range, 1).abandoned > 0;
}

}  // namespace

TEST_P(sandboxIdLeaseRuns, TwoServicesManyConcurrentRunsNeverShareIds) {
  MAI_REQUIRE_ROOT();
  // Two processes with different scratch roots (two services) launch runs
  // from 3 threads each, 4 runs' worth of ids between them: runs wait for
  // ids, none may ever hold ids another run holds. Each program reports the
  // ids its user namespace maps to.
  auto cfg = narrow_config(1991000 + (on_docker() ? 100 : 0));
  const int rounds = on_docker() ? 3 : 8;
  Ledger* ledger = shared_ledger();
  std::vector<pid_t> services;
  for (int s = 0; s < 2; ++s) {
    pid_t pid = ::fork();
    if (pid == 0) {
      std::string scratch = scratch_base() + "/service-" + std::to_string(s) + "/runs";
      make_dirs(scratch, 0700);
      auto backend = make_backend(current_kind(), cfg);
      std::atomic<int> bad{0};
      std::vector<std::thread> threads;
      for (int t = 0; t < 3; ++t)
        threads.emplace_back([&, me = static_cast<uint32_t>(s * 3 + t + 1)] {
          for (int round = 0; round < rounds; ++round) {
            RunSpec spec = make_spec("import time\nprint(open('/proc/self/uid_map').read().split(), flush=True)\n"
                                     "time.sleep(0.05)\n");
            spec.scratch_root = scratch;
            std::unique_ptr<Sandbox> sb;
            while (!sb) {
              try {
                sb = backend->launch(spec);
              } catch (const SandboxError& e) {
                if (e.code() != "ids_exhausted") {
                  std::fprintf(stderr, "launch failed: %s: %s\n", e.code().c_str(), e.what());
                  ++bad;
                  return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
              }
            }
            // The ledger entry lives strictly inside the lease: from launch()
            // until before wait(), whose end releases the ids.
            auto ids = sb->host_ids();
            uint32_t slot = (ids.front() - range_of(cfg).first) / ids_per_run();
            uint32_t none = 0;
            if (!ledger->holder[slot].compare_exchange_strong(none, me)) ++ledger->overlaps;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            uint32_t mine = me;
            if (!ledger->holder[slot].compare_exchange_strong(mine, 0)) ++ledger->overlaps;
            auto o = sb->wait();
            sb.reset();
            ++ledger->leases;
            // Native: the program saw its run's own pair through the map.
            bool saw_own = on_docker() || o.stdout_data.find("'" + std::to_string(ids[1]) + "'") != std::string::npos;
            if (!saw_own || !o.exited || o.exit_status != 0) {
              std::fprintf(stderr, "run %s: exit %d signal %d\nstdout: %s\nstderr: %s\n", spec.run_id.c_str(),
                           o.exit_status, o.signal, o.stdout_data.c_str(), o.stderr_data.c_str());
              ++bad;
            }
          }
        });
      for (auto& th : threads) th.join();
      RunDirReaper::flush_if_used();  // a stopping service waits for its spent runs' ids
      ::_exit(bad.load() == 0 ? 0 : 1);
    }
    services.push_back(pid);
  }
  for (pid_t pid : services) {
    int st = 0;
    ::waitpid(pid, &st, 0);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "a run failed or saw ids not its own";
  }
  EXPECT_EQ(ledger->overlaps.load(), 0u);
  EXPECT_EQ(ledger->leases.load(), static_cast<uint32_t>(2 * 3 * rounds));
  LeaseCensus c = lease_census(range_of(cfg), ids_per_run());
  EXPECT_EQ(c.held, 0u);
  EXPECT_EQ(c.abandoned, 0u) << "every run's ids were released clean";
  ::munmap(ledger, sizeof(Ledger));
}

TEST_P(sandboxIdLeaseRuns, IdsOfAKilledSupervisorAreReclaimed) {
  MAI_REQUIRE_ROOT();
  auto cfg = narrow_config(1991200 + (on_docker() ? 100 : 0));
  auto spec = make_spec("import time\ntime.sleep(60)\n");
  ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);  // the orphaned init becomes ours to reap
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  pid_t sup = ::fork();
  if (sup == 0) {
    auto sb = make_backend(current_kind(), cfg)->launch(spec);
    uint32_t first = sb->host_ids().front();
    if (::write(pipe_fds[1], &first, sizeof first) != sizeof first) ::_exit(1);
    for (;;) ::pause();
  }
  ::close(pipe_fds[1]);
  uint32_t first = 0;
  ASSERT_EQ(::read(pipe_fds[0], &first, sizeof first), static_cast<ssize_t>(sizeof first));
  ::close(pipe_fds[0]);
  const config::IdRange slot{first, ids_per_run()};
  IdPool exactly_its_ids(slot, ids_per_run());
  EXPECT_EQ(error_code_of([&] { exactly_its_ids.acquire(); }), "ids_exhausted") << "held by a live supervisor";

  ::kill(sup, SIGKILL);
  ::waitpid(sup, nullptr, 0);
  // Natively its init dies with it and comes to us (the subreaper) to be
  // reaped: a zombie still has its ids.
  while (::waitpid(-1, nullptr, 0) > 0) {
  }
  if (on_docker()) {
    // Its locks died with it, its lock files did not. The daemon keeps the
    // container, but our init in it ends the program once the supervisor's
    // end of its connection closes (init/docker_entry.cpp): until then the
    // uid has processes and the ids stay out of reach; after, a sweep of
    // abandoned leases frees them, as natively.
    EXPECT_TRUE(abandoned_in(slot));
    auto holds_ids = [&] {
      auto in_use = ids_of_all_processes();
      for (uint32_t i = 0; i < slot.count; ++i)
        if (in_use.count(first + i)) return true;
      return false;
    };
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (holds_ids() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_FALSE(holds_ids()) << "the program ran on after its supervisor died";
    reclaim_abandoned_leases();
    EXPECT_FALSE(abandoned_in(slot));
  }
  // The stale-run sweep kills what is left and frees the ids.
  cleanup_stale_runs(spec.scratch_root, cfg);
  EXPECT_FALSE(abandoned_in(slot));
  auto in_use = ids_of_all_processes();
  for (uint32_t i = 0; i < slot.count; ++i) EXPECT_EQ(in_use.count(first + i), 0u) << first + i;
  IdLease again = exactly_its_ids.acquire();
  EXPECT_EQ(again.first(), first);
  again.vacated();
  ::prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
}

TEST_P(sandboxIdLeaseRuns, RunDirectoryHoldsNothingOfTheRunsIds) {
  MAI_REQUIRE_ROOT();
  // Ids go to other runs later: nothing in a shared place may belong to them.
  auto spec = make_spec("import time\nopen('/tmp/x', 'w').write('x')\ntime.sleep(0.5)\n");
  auto sb = backend().launch(spec);
  std::string dir = spec.scratch_root + "/" + spec.run_id;
  std::vector<std::string> entries = {dir, dir + "/code", dir + "/lock"};
  for (const auto& p : entries) {
    struct stat st {};
    ASSERT_EQ(::lstat(p.c_str(), &st), 0) << p;
    EXPECT_EQ(st.st_uid, 0u) << p;
    EXPECT_EQ(st.st_gid, 0u) << p;
  }
  struct stat code {};
  ASSERT_EQ(::stat((dir + "/code").c_str(), &code), 0);
  EXPECT_EQ(code.st_mode & 07777, 0444u);
  auto o = sb->wait();
  EXPECT_TRUE(o.exited) << o.stderr_data;
}

// The native sandbox against its peers, measured in one run: median wall
// time of a trivial Python program run bare, under bubblewrap with
// comparable isolation (skipped if bwrap is not installed), under the native
// backend started cold, and from a warm sandbox (warm.hpp: from the code's
// arrival to the sandbox gone), and started cold from a service's stock of host ids,
// scratch directories and cgroups (run_stock.hpp); where each spends its time,
// phase by phase (phase_timing.hpp); then sandboxed runs per second with
// every core busy, cold and from the warm pool. Then what a run's host-id lease costs:
// the same run with the lease and with fixed ids and no lease, interleaved,
// and the lease alone; and how many runs at once the configured id ranges
// hold, by filling ranges of the same size.
//
// With `docker` the same peers and phase tables for the docker backend
// instead (cold containers, and warm ones: docker/docker_warm.hpp), against
// the same bare python3; nothing else. Needs dockerd and the image.
//
//   sandbox_bench [RUNS] [docker]
#include <csignal>
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/native_backend.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/warm.hpp"
#include "sandbox/warm_backend.hpp"

extern char** environ;

namespace {

using clock_type = std::chrono::steady_clock;
const char* kProgram = "print('hello')\n";
const char* kPython = "/usr/bin/python3";

double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

// Runs argv to completion with stdout/stderr discarded; returns false on failure.
bool spawn_and_wait(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return false;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

size_t process_count() {
  size_t n = 0;
  if (DIR* d = opendir("/proc")) {
    while (dirent* e = readdir(d)) n += e->d_name[0] >= '1' && e->d_name[0] <= '9';
    closedir(d);
  }
  return n;
}

// Leases slots of a range as large as `range` (at ids no process has, in a
// private directory) until the pool is exhausted: how many runs it holds at
// once. A lease holds a descriptor per id, more than one process may have
// (RLIMIT_NOFILE; raising it takes CAP_SYS_RESOURCE), so the leases are held
// by as many child processes as it takes, each until the end.
void fill_range(const char* backend, const mai::config::IdRange& range, uint32_t per_run) {
  std::string dir = std::string(mai::sandbox::kIdLeaseDir) + "-bench-" + mai::random_hex(4);
  const mai::config::IdRange same_size{3000000000u, range.count};
  rlimit nofile{};
  getrlimit(RLIMIT_NOFILE, &nofile);
  const size_t per_child = (nofile.rlim_cur - 64) / per_run;
  std::vector<pid_t> holders;
  size_t held = 0;
  bool exhausted = false;
  auto t0 = clock_type::now();
  while (!exhausted) {
    int p[2];
    if (pipe(p) != 0) return;
    pid_t pid = fork();
    if (pid == 0) {
      mai::sandbox::IdPool pool(same_size, per_run, dir);
      std::vector<mai::sandbox::IdLease> mine;
      uint64_t report[2] = {0, 0};  // leases, exhausted
      while (mine.size() < per_child) {
        try {
          mine.push_back(pool.acquire());
        } catch (const mai::SandboxError& e) {
          report[1] = e.code() == "ids_exhausted";
          break;
        }
      }
      report[0] = mine.size();
      if (write(p[1], report, sizeof report) != sizeof report) _exit(1);
      pause();  // holds them until killed
      _exit(0);
    }
    close(p[1]);
    uint64_t report[2] = {0, 1};
    if (read(p[0], report, sizeof report) != sizeof report) report[1] = 1;
    close(p[0]);
    holders.push_back(pid);
    held += report[0];
    exhausted = report[1] != 0;
  }
  double fill_ms = ms_since(t0);
  auto t1 = clock_type::now();
  bool refused = false;
  try {
    mai::sandbox::IdPool(same_size, per_run, dir).acquire();
  } catch (const mai::SandboxError& e) {
    refused = e.code() == "ids_exhausted";
  }
  double refuse_ms = ms_since(t1);
  for (pid_t pid : holders) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  mai::remove_tree(dir);
  std::printf("  %-7s %u ids, %u per run: %zu runs at once (configured range: %u); filled in %.0f ms"
              " (%.1f us per lease, %zu holder processes); one more %s in %.1f ms\n",
              backend, range.count, per_run, held, mai::config::runs_in(range, per_run), fill_ms,
              fill_ms * 1000 / std::max<size_t>(1, held), holders.size(),
              refused ? "refused (ids_exhausted)" : "NOT refused", refuse_ms);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace mai;
  int runs = argc > 1 ? std::max(3, std::atoi(argv[1])) : 30;
  const bool docker = argc > 2 && std::string(argv[2]) == "docker";
  const char* engine = docker ? "docker" : "native";
  auto cfg = config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
  std::string scratch = "/tmp/mai-sandbox-bench-" + random_hex(4);
  make_dirs(scratch, 0700);
  std::string program = scratch + "/hello.py";
  write_file_atomic(program, kProgram);
  auto backend = docker ? sandbox::make_docker_backend(cfg) : sandbox::make_native_backend(cfg);
  // The same backend with the ids of the old design: one fixed pair for every
  // run, no lock, nothing to release. (The pair is leased once for the whole
  // benchmark, so no other run on the host gets it meanwhile.)
  sandbox::IdPool bench_pool(cfg.native.ids, config::kNativeIdsPerRun);
  sandbox::IdLease fixed_ids = bench_pool.acquire();
  auto fixed_backend = sandbox::make_native_backend(cfg, [&] {
    return sandbox::IdLease::unlocked_for_benchmarks(fixed_ids.first(), config::kNativeIdsPerRun);
  });

  // And with fresh ids for every run but no lease (ids no range holds): what
  // new ids cost the kernel, apart from the lease.
  uint32_t fresh = 0;
  auto fresh_backend = sandbox::make_native_backend(cfg, [&] {
    fresh = (fresh + 2) % 20000;
    return sandbox::IdLease::unlocked_for_benchmarks(3000000000u + fresh, config::kNativeIdsPerRun);
  });
  auto run_spec = [&] {
    sandbox::RunSpec spec;
    spec.run_id = random_hex(16);
    spec.code = kProgram;
    spec.limits = sandbox::clamp_to_host(cfg.limits_for(TrustLevel::unknown));
    spec.scratch_root = scratch;
    spec.output_flood_bytes = cfg.output_flood_bytes;
    return spec;
  };
  auto run_on = [&](sandbox::Backend& b) {
    sandbox::RunSpec spec = run_spec();
    // The first phase starts at launch(), not with the bench's spec (whose
    // clamp_to_host reads the host's resources: 0.3 ms the earlier rounds'
    // tables counted under "host ids lease").
    if (auto* rec = sandbox::phase_recorder()) rec->last = clock_type::now();
    auto box = b.launch(spec);
    auto outcome = box->wait();
    return outcome.exited && outcome.exit_status == 0;
  };
  auto native_run = [&] { return run_on(*backend); };
  // As a service's: its cold starts take ids, scratch and cgroup from a stock
  // refilled in the background (run_stock.hpp).
  std::unique_ptr<sandbox::Backend> stocked_backend;
  if (!docker) stocked_backend = sandbox::make_native_backend_with_stock(cfg, sandbox::kColdStock);
  auto stocked_run = [&] { return run_on(*stocked_backend); };
  // Warm: the entry is built before the clock starts (a pool does that off
  // the request path); timed from the code's hand-off to the sandbox gone.
  auto& warm_source = dynamic_cast<sandbox::WarmSource&>(*backend);
  sandbox::RunSpec warm_spec;
  warm_spec.code = kProgram;
  warm_spec.limits = sandbox::clamp_to_host(cfg.limits_for(TrustLevel::unknown));
  warm_spec.scratch_root = scratch;
  warm_spec.output_flood_bytes = cfg.output_flood_bytes;
  std::unique_ptr<sandbox::WarmEntry> next_warm;
  auto prepare_warm = [&] { next_warm = warm_source.prepare_warm(sandbox::warm_shape_of(warm_spec), scratch, {}); };
  auto warm_run = [&] {
    warm_spec.run_id = random_hex(16);
    auto box = next_warm->hand_off(warm_spec);
    next_warm.reset();
    auto outcome = box->wait();
    return outcome.exited && outcome.exit_status == 0 && outcome.stdout_data == "hello\n";
  };
  std::vector<std::string> bare = {kPython, program};
  // bwrap with the same namespaces, a read-only /usr, fresh /proc, /dev and
  // /tmp, no capabilities, uid 1000, a cleared environment.
  std::vector<std::string> bwrap = {
      "bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
      "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64",
      "/lib64", "--symlink", "usr/bin", "/bin", "--proc", "/proc", "--dev", "/dev", "--tmpfs",
      "/tmp", "--ro-bind", program, "/sandbox/main.py", "--chdir", "/sandbox", "--uid", "1000",
      "--gid", "1000", "--clearenv", "--setenv", "PATH", "/usr/bin", kPython, "/sandbox/main.py"};
  bool have_bwrap = spawn_and_wait({"bwrap", "--version"});

  struct Peer {
    const char* name;
    std::function<bool()> once;
    std::vector<double> ms;
    std::function<void()> prepare = [] {};  // before the clock starts
  };
  const std::string cold_name = std::string("mai ") + engine + " sandbox", warm_name = std::string("mai ") + engine + ", warm";
  std::vector<Peer> peers = {{"python3 (bare)", [&] { return spawn_and_wait(bare); }, {}},
                             {cold_name.c_str(), native_run, {}},
                             {warm_name.c_str(), warm_run, {}, prepare_warm}};
  if (stocked_backend) peers.push_back({"mai native, stocked", stocked_run, {}});
  if (have_bwrap)
    peers.push_back({"bwrap", [&] { return spawn_and_wait(bwrap); }, {}});
  else
    std::printf("bwrap is not installed: its peer is skipped (apt-get install bubblewrap)\n");
  for (auto& p : peers)
    if ((p.prepare(), !p.once())) {
      std::fprintf(stderr, "%s failed\n", p.name);
      return 1;
    }
  // Each round starts with another peer: a run right after bwrap's or a
  // sandbox's pays for the kernel tearing its namespaces down.
  for (int i = 0; i < runs; ++i)
    for (size_t k = 0; k < peers.size(); ++k) {
      auto& p = peers[(static_cast<size_t>(i) + k) % peers.size()];
      p.prepare();
      auto t0 = clock_type::now();
      p.once();
      p.ms.push_back(ms_since(t0));
    }

  double base = median(peers[0].ms);
  std::printf("trivial Python run, median of %d, interleaved (ms)\n", runs);
  for (auto& p : peers) {
    double m = median(p.ms);
    std::printf("  %-20s %7.2f ms  x%.2f of bare  overhead %6.2f ms\n", p.name, m, m / base,
                m - base);
  }
  if (have_bwrap) {
    double bw = median(peers.back().ms) - base;
    std::printf("  engine overhead against bwrap's: cold x%.2f, warm x%.2f", (median(peers[1].ms) - base) / bw,
                (median(peers[2].ms) - base) / bw);
    if (stocked_backend) std::printf(", cold from the stock x%.2f", (median(peers[3].ms) - base) / bw);
    std::printf("\n");
  }

  // Phase by phase: medians over `runs` runs of each (the phases of one run
  // add up to its wall time, measured on the launching thread).
  auto phases = [&](const char* what, const std::function<bool()>& once, const std::function<void()>& prepare) {
    std::map<std::string, std::vector<double>> by_phase;
    std::vector<std::string> order;
    std::vector<double> totals;
    for (int i = 0; i < runs; ++i) {
      prepare();
      sandbox::PhaseRecorder rec;
      sandbox::phase_recorder() = &rec;
      once();
      sandbox::phase_recorder() = nullptr;
      double total = 0;
      for (const auto& [name, ms] : rec.ms) {
        if (!by_phase.count(name)) order.push_back(name);
        by_phase[name].push_back(ms);
        total += ms;
      }
      totals.push_back(total);
    }
    std::printf("where a %s run spends its time, medians of %d (ms; init:... are the sandbox init's own steps):\n", what, runs);
    for (const auto& name : order) std::printf("  %-48s %6.2f\n", name.c_str(), median(by_phase[name]));
    std::printf("  %-48s %6.2f\n", "(sum of the phases, median)", median(totals));
  };
  phases("cold", native_run, [] {});
  if (stocked_backend) phases("cold (stock)", stocked_run, [] {});
  phases("warm", warm_run, prepare_warm);
  if (docker) {
    next_warm.reset();
    // Spent warm runs are removed off the request path: done before the
    // scratch root goes (their /sandbox mounts would keep it busy).
    sandbox::RunDirReaper::instance().flush();
    remove_tree(scratch);
    fixed_ids.vacated();  // never used for a run
    return 0;
  }

  // What the lease costs a run: the same run with the lease (the product) and
  // with one fixed pair of ids and no lease, in pairs whose order alternates
  // (ABBA), so neither always follows the other; the median of the paired
  // differences. The same for fresh ids without a lease, against fixed ones:
  // what new ids cost the kernel, apart from the lease.
  // a and b return the milliseconds they measured.
  auto ab_ms = [&](const char* what, const std::function<double()>& a, const std::function<double()>& b) {
    std::vector<double> da, db, diff;
    for (int i = 0; i < 2 * runs; ++i) {
      double ta, tb;
      if (i % 2 == 0) {
        ta = a();
        tb = b();
      } else {
        tb = b();
        ta = a();
      }
      da.push_back(ta);
      db.push_back(tb);
      diff.push_back(ta - tb);
    }
    std::printf("  %-36s %+.3f ms per run (medians %.2f ms and %.2f ms; %d ABBA pairs)\n", what, median(diff),
                median(da), median(db), 2 * runs);
  };
  auto timed = [](const std::function<bool()>& f) {
    return [f] {
      auto t0 = clock_type::now();
      f();
      return ms_since(t0);
    };
  };
  auto ab = [&](const char* what, const std::function<bool()>& a, const std::function<bool()>& b) {
    ab_ms(what, timed(a), timed(b));
  };
  if (stocked_backend) {
    // The build alone (launch() until the program runs), then whole runs.
    auto launch_ms = [&](sandbox::Backend& b) {
      return [&] {
        sandbox::RunSpec spec = run_spec();
        auto t0 = clock_type::now();
        auto box = b.launch(spec);
        double ms = ms_since(t0);
        box->wait();
        return ms;
      };
    };
    std::printf("what the stock saves a cold run:\n");
    // The noise floor: two backends alike, in line both.
    auto twin = sandbox::make_native_backend(cfg);
    ab_ms("launch, in line (vs in line: noise)", launch_ms(*twin), launch_ms(*backend));
    ab_ms("launch, stock (vs built in line)", launch_ms(*stocked_backend), launch_ms(*backend));
    ab("whole run, stock (vs in line)", stocked_run, native_run);
  }
  std::printf("what a run's host ids cost:\n");
  ab("lease (vs fixed ids, no lease)", native_run, [&] { return run_on(*fixed_backend); });
  ab("fresh ids (vs fixed ids, no lease)", [&] { return run_on(*fresh_backend); },
     [&] { return run_on(*fixed_backend); });
  {
    sandbox::IdPool pool(cfg.native.ids, config::kNativeIdsPerRun);
    std::vector<double> take, give;
    for (int i = 0; i < 2000; ++i) {
      auto t = clock_type::now();
      sandbox::IdLease lease = pool.acquire();
      take.push_back(ms_since(t) * 1000);
      lease.vacated();
      t = clock_type::now();
      lease.release();
      give.push_back(ms_since(t) * 1000);
    }
    std::printf("  the lease alone, median of 2000: acquire %.1f us, release %.1f us (checks /proc: %zu "
                "processes)\n",
                median(take), median(give), process_count());
  }

  // Throughput: one launcher thread per core, each running sandboxes back to
  // back: cold, then through the service's backend with its warm pool (whose
  // refills share the cores).
  unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  auto throughput = [&](const char* what, const std::function<bool()>& once) {
    std::atomic<int> done{0};
    auto t0 = clock_type::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&] {
        while (ms_since(t0) < 5000) {
          if (once()) ++done;
        }
      });
    for (auto& th : pool) th.join();
    double secs = ms_since(t0) / 1000.0;
    std::printf("native sandbox runs per second, %u launchers, %s: %.1f\n", threads, what, done / secs);
    return done / secs;
  };
  double cold_rate = throughput("cold", native_run);
  double warm_rate = 0;
  {
    auto warm_cfg = cfg;
    warm_cfg.warm.min_free_memory_bytes = 0;
    std::shared_ptr<sandbox::Backend> service = sandbox::make_warm_backend(
        std::shared_ptr<sandbox::Backend>(sandbox::make_native_backend(cfg)), warm_cfg, scratch);
    warm_rate = throughput("warm pool", [&] { return run_on(*service); });
    auto c = sandbox::warm_counters(*service);
    if (c)
      std::printf("  warm pool: %llu served warm, %llu cold (none ready)\n",
                  static_cast<unsigned long long>(c->hits), static_cast<unsigned long long>(c->misses));
  }
  std::printf("  warm pool against cold: x%.2f\n", warm_rate / cold_rate);
  stocked_backend.reset();  // its stock's directories are under the scratch root
  sandbox::RunDirReaper::instance().flush();
  remove_tree(scratch);
  fixed_ids.vacated();  // its runs are over

  std::printf("concurrent runs the configured id ranges hold (filled for real, same sizes):\n");
  fill_range("native", cfg.native.ids, config::kNativeIdsPerRun);
  fill_range("docker", cfg.docker.ids, config::kDockerIdsPerRun);
  return 0;
}

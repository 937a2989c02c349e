// The native sandbox against its peers, measured in one run: median wall
// time of a trivial Python program run bare, under bubblewrap with
// comparable isolation, and under the native backend; then sandboxed runs
// per second with every core busy.
//
//   sandbox_bench [RUNS]
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/sandbox.hpp"

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

}  // namespace

int main(int argc, char** argv) {
  using namespace mai;
  int runs = argc > 1 ? std::max(3, std::atoi(argv[1])) : 30;
  auto cfg = config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
  std::string scratch = "/tmp/mai-sandbox-bench-" + random_hex(4);
  make_dirs(scratch, 0700);
  std::string program = scratch + "/hello.py";
  write_file_atomic(program, kProgram);
  auto backend = sandbox::make_native_backend(cfg);

  auto native_run = [&] {
    sandbox::RunSpec spec;
    spec.run_id = random_hex(16);
    spec.code = kProgram;
    spec.limits = cfg.limits_for(TrustLevel::unknown);
    spec.scratch_root = scratch;
    spec.output_flood_bytes = cfg.output_flood_bytes;
    auto box = backend->launch(spec);
    auto outcome = box->wait();
    return outcome.exited && outcome.exit_status == 0;
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
  };
  std::vector<Peer> peers = {{"python3 (bare)", [&] { return spawn_and_wait(bare); }, {}},
                             {"mai native sandbox", native_run, {}}};
  if (have_bwrap) peers.push_back({"bwrap", [&] { return spawn_and_wait(bwrap); }, {}});
  for (auto& p : peers)
    if (!p.once()) {
      std::fprintf(stderr, "%s failed\n", p.name);
      return 1;
    }
  for (int i = 0; i < runs; ++i)
    for (auto& p : peers) {
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

  // Throughput: one launcher thread per core, each running sandboxes back to back.
  unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  std::atomic<int> done{0};
  auto t0 = clock_type::now();
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      while (ms_since(t0) < 5000) {
        if (native_run()) ++done;
      }
    });
  for (auto& th : pool) th.join();
  double secs = ms_since(t0) / 1000.0;
  std::printf("native sandbox runs per second, %u launchers: %.1f\n", threads, done / secs);
  remove_tree(scratch);
  return 0;
}

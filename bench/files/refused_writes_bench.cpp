// What counting refused writes costs a run (docs/sandbox.md, "What the code
// tried and was refused"): the same run with config native.refused_writes
// (docker.refused_writes) on and off, interleaved (ABBA pairs) in one process,
// for a program that writes nothing, one that creates 1,000 files in
// /sandbox (each open a round trip through the host's watch), and one that
// makes 1,000 refused opens of /etc/passwd.
//
//   refused_writes_bench [PAIRS] [native|docker|both]   (root; default 20 pairs per case, native)
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/sandbox.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

struct Case {
  const char* name;
  const char* code;
  uint64_t refused;  // what the watch must count
  int calls;         // write-intent calls the program makes (for the cost of one)
};

// One run, launch to the end of wait(); wall ms.
double one_run(mai::sandbox::Backend& backend, const std::string& root, const Case& c, bool watched) {
  mai::sandbox::RunSpec spec;
  spec.run_id = mai::random_hex(16);
  spec.code = c.code;
  spec.limits.cpus = 1;
  spec.limits.memory_bytes = 256ull << 20;
  spec.limits.pids = 32;
  spec.limits.timeout_ms = 30000;
  spec.limits.tmpfs_bytes = 64ull << 20;
  spec.limits.output_bytes = 1 << 20;
  spec.scratch_root = root;
  auto t0 = clock_type::now();
  auto outcome = backend.launch(spec)->wait();
  double ms = std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
  bool counted_right = watched ? outcome.refused_writes.counted && outcome.refused_writes.count == c.refused
                               : !outcome.refused_writes.counted;
  if (!outcome.exited || outcome.exit_status != 0 || !counted_right) {
    std::fprintf(stderr, "run failed (%s): %s\n", c.name, outcome.stderr_data.c_str());
    std::exit(1);
  }
  return ms;
}

void bench_backend(const char* name, mai::sandbox::Backend& watched, mai::sandbox::Backend& plain,
                   const std::string& root, int pairs) {
  const Case cases[] = {
      {"writes nothing", "pass\n", 0, 0},
      {"creates 1,000 files", "import os\nos.mkdir('out')\nfor i in range(1000):\n"
                              "    open('out/%04d.txt' % i, 'w').write('x' * 100)\n", 0, 1001},
      {"1,000 refused opens", "import os\nfor i in range(1000):\n    try:\n"
                              "        os.open('/etc/passwd', os.O_WRONLY)\n    except OSError:\n        pass\n",
       1000, 1000},
  };
  std::printf("%s\n%-22s %10s %10s %10s %12s %8s\n", name, "program", "without", "with", "difference", "per call",
              "ratio");
  for (const auto& c : cases) {
    std::vector<double> without, with;
    one_run(watched, root, c, true);  // warm-up
    one_run(plain, root, c, false);
    for (int i = 0; i < pairs; ++i)
      // ABBA: drift on a busy machine falls on both sides alike.
      for (bool w : {i % 2 == 1, i % 2 == 0}) (w ? with : without).push_back(one_run(w ? watched : plain, root, c, w));
    double a = median(without), b = median(with);
    std::printf("%-22s %8.1fms %8.1fms %+8.2fms %9.1fus %8.3f\n", c.name, a, b, b - a,
                c.calls ? (b - a) * 1000.0 / c.calls : 0.0, a > 0 ? b / a : 0.0);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (::geteuid() != 0) {
    std::fprintf(stderr, "refused_writes_bench: needs root (it runs real sandboxes)\n");
    return 2;
  }
  int pairs = argc > 1 ? std::max(2, std::atoi(argv[1])) : 20;
  std::string which = argc > 2 ? argv[2] : "native";
  if (which != "native" && which != "docker" && which != "both") {
    std::fprintf(stderr, "usage: refused_writes_bench [PAIRS] [native|docker|both]\n");
    return 2;
  }
  auto cfg = mai::config::parse_sandbox_config(mai::config::Source(std::nullopt).load("sandbox.yaml"));
  cfg.native.init_path = mai::executable_dir() + "/mai-sandbox-init";
  std::string root = "/tmp/mai-refused-bench-" + std::to_string(::getpid());
  mai::make_dirs(root, 0700);
  if (which != "docker") {
    auto on = cfg, off = cfg;
    on.native.refused_writes = true;
    off.native.refused_writes = false;
    bench_backend("native", *mai::sandbox::make_native_backend(on), *mai::sandbox::make_native_backend(off), root,
                  pairs);
  }
  if (which != "native") {
    auto on = cfg, off = cfg;
    on.docker.refused_writes = true;
    off.docker.refused_writes = false;
    try {
      auto watched = mai::sandbox::make_docker_backend(on);
      auto plain = mai::sandbox::make_docker_backend(off);
      bench_backend("docker", *watched, *plain, root, pairs);
    } catch (const std::exception& e) {
      std::printf("docker: skipped (%s)\n", e.what());
    }
  }
  mai::remove_tree(root);
  return 0;
}

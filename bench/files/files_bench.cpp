// What the file manifest costs a run, measured in one process: the same
// run with and without collect_files(), interleaved (ABBA pairs), for a
// program that writes nothing and one that writes 1,000 small files; and the
// same with the files' contents brought back (--output-dir). On the native
// backend, then on Docker (skipped, saying why, without a daemon and image).
//
//   files_bench [PAIRS] [native|docker|both]   (root; default 20 pairs, both)
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
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
};

// One run: launch, wait, and (if asked) collect the manifest; wall ms of the lot.
// `collect_ms` gets the time collect_files() itself took.
double one_run(mai::sandbox::Backend& backend, const std::string& root, const Case& c,
               bool manifest, bool contents, size_t& listed, double& collect_ms) {
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
  spec.files.return_contents = contents;
  auto t0 = clock_type::now();
  auto box = backend.launch(spec);
  auto outcome = box->wait();
  if (!outcome.exited || outcome.exit_status != 0) {
    std::fprintf(stderr, "run failed: %s\n", outcome.stderr_data.c_str());
    std::exit(1);
  }
  if (manifest) {
    auto c0 = clock_type::now();
    listed = box->collect_files().files.size();
    collect_ms = std::chrono::duration<double, std::milli>(clock_type::now() - c0).count();
  }
  box.reset();
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

void bench_backend(const char* name, mai::sandbox::Backend& backend, const std::string& root, int pairs) {
  const Case cases[] = {
      {"writes nothing", "pass\n"},
      {"writes 1,000 files",
       "import os\nos.mkdir('out')\nfor i in range(1000):\n"
       "    open('out/%04d.txt' % i, 'w').write('x' * 100)\n"},
  };
  std::printf("%-7s %-20s %-9s %10s %10s %10s %10s %8s\n", "backend", "program", "contents", "without",
              "with", "difference", "collect", "listed");
  for (const auto& c : cases) {
    for (bool contents : {false, true}) {
      std::vector<double> without, with, collect;
      size_t listed = 0;
      double collect_ms = 0;
      one_run(backend, root, c, true, contents, listed, collect_ms);  // warm-up
      for (int i = 0; i < pairs; ++i) {
        // ABBA: drift on a busy machine falls on both sides alike.
        for (bool manifest : {i % 2 == 1, i % 2 == 0}) {
          double ms = one_run(backend, root, c, manifest, contents, listed, collect_ms);
          (manifest ? with : without).push_back(ms);
          if (manifest) collect.push_back(collect_ms);
        }
      }
      double a = median(without), b = median(with);
      std::printf("%-7s %-20s %-9s %8.1fms %8.1fms %+8.2fms %8.2fms %8zu   (x%.3f)\n", name, c.name,
                  contents ? "yes" : "no", a, b, b - a, median(collect), listed,
                  a > 0 ? b / a : 0.0);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (::geteuid() != 0) {
    std::fprintf(stderr, "files_bench: needs root (it runs real sandboxes)\n");
    return 2;
  }
  int pairs = argc > 1 ? std::max(2, std::atoi(argv[1])) : 20;
  std::string which = argc > 2 ? argv[2] : "both";
  if (which != "native" && which != "docker" && which != "both") {
    std::fprintf(stderr, "usage: files_bench [PAIRS] [native|docker|both]\n");
    return 2;
  }
  auto cfg = mai::config::parse_sandbox_config(mai::config::Source(std::nullopt).load("sandbox.yaml"));
  cfg.native.init_path = mai::executable_dir() + "/mai-sandbox-init";
  std::string root = "/tmp/mai-files-bench-" + std::to_string(::getpid());
  mai::make_dirs(root, 0700);
  if (which != "docker") bench_backend("native", *mai::sandbox::make_native_backend(cfg), root, pairs);
  if (which != "native") {
    std::unique_ptr<mai::sandbox::Backend> docker;
    try {
      docker = mai::sandbox::make_docker_backend(cfg);
    } catch (const std::exception& e) {
      std::printf("docker: skipped (%s)\n", e.what());
    }
    if (docker) bench_backend("docker", *docker, root, pairs);
  }
  mai::remove_tree(root);
  return 0;
}

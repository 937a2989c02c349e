// cleanup_stale_runs() against live runs: a run directory being created while
// another process sweeps must never be taken for a dead run.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "common/ids.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

TEST(sandboxStaleRuns, SweepNeverTakesARunBeingCreated) {
  auto root = std::filesystem::temp_directory_path() / ("mai-stale-" + random_hex(6));
  auto cfg = config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
  std::atomic<bool> stop{false};
  std::atomic<int> swept{0};
  std::thread sweeper([&] {
    while (!stop) swept += static_cast<int>(cleanup_stale_runs(root.string(), cfg).size());
  });
  int failures = 0;
  for (int i = 0; i < 2000; ++i) {
    try {
      RunDir dir(root.string(), random_hex(16));
      if (!std::filesystem::exists(dir.path() + "/root")) ++failures;
    } catch (const std::exception& e) {
      ++failures;
      ADD_FAILURE() << e.what();
      break;
    }
  }
  stop = true;
  sweeper.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(swept.load(), 0) << "live runs were swept as stale";
  std::filesystem::remove_all(root);
}

}  // namespace mai::sandbox

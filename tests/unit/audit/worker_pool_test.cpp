// The audit engine's worker pool: every index exactly once, the caller
// taking part, exceptions handed back, and a job launched while the caller
// does other work.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "audit/worker_pool.hpp"

namespace mai::audit {

TEST(WorkerPool, EveryIndexOnceOnAnySize) {
  for (unsigned threads : {1u, 2u, 4u, 8u}) {
    WorkerPool pool(threads);
    for (size_t n : {size_t(0), size_t(1), size_t(7), size_t(1000)}) {
      for (size_t grain : {size_t(1), size_t(16)}) {
        std::vector<std::atomic<int>> seen(n);
        pool.for_each(n, grain, [&](size_t i) { seen[i]++; });
        for (size_t i = 0; i < n; ++i) ASSERT_EQ(seen[i].load(), 1) << threads << " " << n << " " << grain;
      }
    }
  }
}

TEST(WorkerPool, ExceptionsComeBackAndTheRestStillRuns) {
  WorkerPool pool(3);
  std::atomic<int> ran{0};
  EXPECT_THROW(pool.for_each(500, 4,
                             [&](size_t i) {
                               ++ran;
                               if (i == 123) throw std::runtime_error("one bad item");
                             }),
               std::runtime_error);
  EXPECT_EQ(ran.load(), 500);
  pool.for_each(10, 1, [&](size_t) { ++ran; });  // still usable
  EXPECT_EQ(ran.load(), 510);
}

TEST(WorkerPool, LaunchThenJoinWhileTheCallerWorks) {
  WorkerPool pool(2);
  for (int round = 0; round < 200; ++round) {
    std::vector<int> out(300, 0);
    std::function<void(size_t)> fn = [&](size_t i) { out[i] = static_cast<int>(i) * 2; };
    auto job = pool.launch(out.size(), 8, fn);
    int mine = 0;
    for (int k = 0; k < 1000; ++k) mine += k;  // the caller's own work meanwhile
    pool.join(job);
    ASSERT_EQ(mine, 499500);
    for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int>(i) * 2);
  }
}

}  // namespace mai::audit

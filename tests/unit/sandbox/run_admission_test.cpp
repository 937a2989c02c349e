// The node's admission: slots, the waiting line, and free memory as a bound
// on how many runs go at once (sandbox/run_admission.hpp).
#include <gtest/gtest.h>

#include "sandbox/run_admission.hpp"

namespace mai::sandbox {
namespace {

constexpr uint64_t MiB = 1ull << 20;

RunLoad load(uint32_t running, uint32_t slots, uint32_t waiting = 0, uint32_t queue = 4) {
  return RunLoad{running, slots, waiting, queue};
}

TEST(runAdmission, AFreeSlotWithMemoryToSpareStarts) {
  EXPECT_EQ(admit_run(load(1, 2), 512 * MiB, 4096 * MiB), Admission::start);
}

TEST(runAdmission, BusySlotsMakeItWaitThenRefuseWhenTheLineIsFull) {
  EXPECT_EQ(admit_run(load(2, 2, 0), 64 * MiB, 4096 * MiB), Admission::wait);
  EXPECT_EQ(admit_run(load(2, 2, 3), 64 * MiB, 4096 * MiB), Admission::wait);
  EXPECT_EQ(admit_run(load(2, 2, 4), 64 * MiB, 4096 * MiB), Admission::refuse);
  EXPECT_EQ(admit_run(load(2, 2, 0, 0), 64 * MiB, 4096 * MiB), Admission::refuse);
}

TEST(runAdmission, ARunNeedingMoreThanIsFreeWaitsWhileAnotherRuns) {
  // A free slot, but the host has less free than the run's memory limit.
  EXPECT_EQ(admit_run(load(1, 4), 1024 * MiB, 700 * MiB), Admission::wait);
  EXPECT_EQ(admit_run(load(1, 4), 700 * MiB, 700 * MiB), Admission::start);
}

TEST(runAdmission, ARunAloneAlwaysStartsWhateverIsFree) {
  // Its limits were clamped to the host already; waiting would be forever.
  EXPECT_EQ(admit_run(load(0, 2), 1024 * MiB, 10 * MiB), Admission::start);
}

TEST(runAdmission, UnknownFreeMemoryBindsNothing) {
  EXPECT_EQ(admit_run(load(1, 2), 1024 * MiB, 0), Admission::start);
}

TEST(runAdmission, NobodyOvertakesThoseAlreadyWaiting) {
  // A slot is free and memory too, but runs are in line: this one joins them.
  EXPECT_EQ(admit_run(load(1, 2, 1), 1 * MiB, 4096 * MiB), Admission::wait);
}

TEST(runAdmission, TheRefusalSaysWhatIsShort) {
  EXPECT_NE(refusal_reason(load(2, 2, 4), 4096 * MiB).find("all 2 sandbox slots are busy"), std::string::npos);
  std::string memory = refusal_reason(load(1, 4, 4), 700 * MiB);
  EXPECT_NE(memory.find("memory"), std::string::npos) << memory;
  EXPECT_NE(memory.find("4 submissions are already waiting"), std::string::npos) << memory;
}

}  // namespace
}  // namespace mai::sandbox

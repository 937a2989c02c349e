// A remote peer can put anything in a Submission; every field is checked.
#include <gtest/gtest.h>

#include <cmath>

#include "model/submission_check.hpp"

namespace mai {

TEST(SubmissionCheck, AcceptsAnOrdinarySubmission) {
  Submission s;
  s.code = "print(1)";
  s.filename = "a.py";
  s.limits.cpus = 0.5;
  s.override_reason = "reviewed by a human\nline two";
  s.parent_request_id = "0123456789abcdef";
  EXPECT_FALSE(check_submission_fields(s));
}

TEST(SubmissionCheck, RefusesOutOfRangeFields) {
  auto with = [](auto change) {
    Submission s;
    change(s);
    return check_submission_fields(s);
  };
  EXPECT_TRUE(with([](Submission& s) { s.language = static_cast<Language>(7); }));
  EXPECT_TRUE(with([](Submission& s) { s.trust = static_cast<TrustLevel>(3); }));
  EXPECT_TRUE(with([](Submission& s) { s.origin = static_cast<Origin>(9); }));
  EXPECT_TRUE(with([](Submission& s) { s.network = static_cast<NetworkMode>(2); }));
  EXPECT_TRUE(with([](Submission& s) { s.backend = static_cast<Backend>(5); }));
  EXPECT_TRUE(with([](Submission& s) { s.limits.cpus = std::nan(""); }));
  EXPECT_TRUE(with([](Submission& s) { s.limits.cpus = -1; }));
  EXPECT_TRUE(with([](Submission& s) { s.limits.cpus = INFINITY; }));
  EXPECT_TRUE(with([](Submission& s) { s.limits.memory_bytes = 1; }));
  EXPECT_TRUE(with([](Submission& s) { s.limits.pids = 0u; }));
  EXPECT_TRUE(with([](Submission& s) { s.limits.timeout_ms = 0u; }));
  EXPECT_TRUE(with([](Submission& s) { s.filename = std::string(5000, 'a'); }));
  EXPECT_TRUE(with([](Submission& s) { s.filename = std::string("a\0b", 3); }));
  EXPECT_TRUE(with([](Submission& s) { s.override_reason = "\x1b[2Jhidden"; }));
  EXPECT_TRUE(with([](Submission& s) { s.parent_request_id = "../../etc"; }));
}

}  // namespace mai

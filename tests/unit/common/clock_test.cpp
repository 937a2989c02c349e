#include <gtest/gtest.h>

#include "common/clock.hpp"

namespace mai {

TEST(Clock, Rfc3339RoundTrip) {
  int64_t t = 1795289400123456;  // 2026-11-21T...
  std::string s = format_rfc3339_us(t);
  EXPECT_EQ(s.size(), 27u);
  EXPECT_EQ(parse_rfc3339_us(s), t);
  EXPECT_EQ(parse_rfc3339_us("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(parse_rfc3339_us("1970-01-02"), 86400ll * 1000000);
  EXPECT_FALSE(parse_rfc3339_us("yesterday"));
  EXPECT_FALSE(parse_rfc3339_us("2026-13-01T00:00:00Z"));
}

}  // namespace mai

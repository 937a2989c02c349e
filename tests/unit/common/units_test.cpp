#include <gtest/gtest.h>

#include "common/units.hpp"

namespace mai {

TEST(Units, Sizes) {
  EXPECT_EQ(parse_size("512MiB"), 512ull << 20);
  EXPECT_EQ(parse_size("1GiB"), 1ull << 30);
  EXPECT_EQ(parse_size("1G"), 1ull << 30);
  EXPECT_EQ(parse_size("1GB"), 1000000000ull);
  EXPECT_EQ(parse_size("4096"), 4096ull);
  EXPECT_EQ(parse_size(" 64 k "), 65536ull);
  EXPECT_EQ(parse_size("1.5KiB"), 1536ull);
  EXPECT_FALSE(parse_size("abc"));
  EXPECT_FALSE(parse_size("12 parsecs"));
  EXPECT_FALSE(parse_size("-1M"));
  EXPECT_FALSE(parse_size(""));
  EXPECT_FALSE(parse_size("99999999999999999999999T"));
}

TEST(Units, Durations) {
  EXPECT_EQ(parse_duration_ms("60s"), 60000ull);
  EXPECT_EQ(parse_duration_ms("250ms"), 250ull);
  EXPECT_EQ(parse_duration_ms("2m"), 120000ull);
  EXPECT_EQ(parse_duration_ms("1.5"), 1500ull);
  EXPECT_FALSE(parse_duration_ms("soon"));
}

TEST(Units, FormatSize) {
  EXPECT_EQ(format_size(512ull << 20), "512MiB");
  EXPECT_EQ(format_size(1000), "1000B");
}

}  // namespace mai

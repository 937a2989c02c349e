#include <gtest/gtest.h>

#include <set>
#include <string>

#include "common/ids.hpp"

namespace mai {

namespace {

bool lower_hex(const std::string& s) { return s.find_first_not_of("0123456789abcdef") == std::string::npos; }

}  // namespace

TEST(Ids, RandomHexHasTheAskedLengthInLowercaseHex) {
  for (size_t bytes : {size_t{0}, size_t{1}, size_t{6}, size_t{16}}) {
    std::string h = random_hex(bytes);
    EXPECT_EQ(h.size(), 2 * bytes);
    EXPECT_TRUE(lower_hex(h)) << h;
  }
  EXPECT_EQ(new_request_id().size(), 32u);
}

// getrandom returns at most 256 bytes at once from some sources, and can be
// interrupted: a large request is filled whole, not with a zero tail.
TEST(Ids, LargeRequestIsFilledWhole) {
  std::string h = random_hex(4096);
  ASSERT_EQ(h.size(), 8192u);
  EXPECT_TRUE(lower_hex(h));
  EXPECT_NE(h.substr(h.size() - 64), std::string(64, '0')) << "the tail was not filled";
}

TEST(Ids, RequestIdsDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(seen.insert(new_request_id()).second);
}

}  // namespace mai

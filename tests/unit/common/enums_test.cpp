#include <gtest/gtest.h>

#include "model/enums.hpp"

namespace mai {

TEST(Enums, SpellingsRoundTrip) {
  for (auto t : {TrustLevel::untrusted, TrustLevel::unknown, TrustLevel::trusted})
    EXPECT_EQ(parse_trust_level(to_string(t)), t);
  EXPECT_EQ(to_string(RiskLevel::blocked), "BLOCKED");
  EXPECT_EQ(parse_risk_level("medium"), RiskLevel::medium);
  EXPECT_EQ(to_string(Termination::memory_limit), "memory_limit");
  EXPECT_FALSE(parse_trust_level("Trusted"));
  EXPECT_FALSE(parse_backend("podman"));
}

}  // namespace mai

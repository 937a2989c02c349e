#include <gtest/gtest.h>

#include "common/encoding.hpp"
#include "common/sha256.hpp"

namespace mai {

TEST(Encoding, HexRoundTrip) {
  std::string bytes("\x00\x01\xfe\xff", 4);
  EXPECT_EQ(to_hex(bytes), "0001feff");
  EXPECT_EQ(from_hex("0001FEff"), bytes);
  EXPECT_FALSE(from_hex("abc"));
  EXPECT_FALSE(from_hex("zz"));
}

TEST(Encoding, Base64RoundTripAllLengths) {
  std::string data;
  for (int len = 0; len < 40; ++len) {
    EXPECT_EQ(from_base64(to_base64(data)), data) << len;
    data.push_back(static_cast<char>(len * 37));
  }
  EXPECT_EQ(to_base64("foobar"), "Zm9vYmFy");
  EXPECT_FALSE(from_base64("Zm9"));
  EXPECT_FALSE(from_base64("Zm9v!!!!"));
  // Only the canonical spelling: no padding inside, no stray bits after the last byte.
  EXPECT_FALSE(from_base64("Zm=vYmFy"));
  EXPECT_FALSE(from_base64("Zm9="));  // "fo" is Zm8=
  EXPECT_EQ(from_base64("Zm8="), std::string("fo"));
}

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256({"a", "bc"}), sha256("abc"));
}

}  // namespace mai

#include <gtest/gtest.h>

#include "assess/payload_decoder.hpp"

namespace mai::assess {
namespace {

TEST(PayloadDecoder, Base64HexRot13) {
  EXPECT_EQ(decode_base64("aGVsbG8="), "hello");
  EXPECT_EQ(decode_base64("aGVs\nbG8"), "hello");
  EXPECT_EQ(decode_base64("_-8="), std::string("\xff\xef", 2));
  EXPECT_FALSE(decode_base64("not base64!"));
  EXPECT_EQ(decode_hex("68656c6c6f"), "hello");
  EXPECT_EQ(decode_hex("\\x68\\x65"), "he");
  EXPECT_FALSE(decode_hex("6"));
  EXPECT_EQ(rot13("uryyb"), "hello");
  EXPECT_EQ(decode_base32("NBSWY3DP"), "hello");
  EXPECT_EQ(decode_codec("uryyb", "rot_13"), "hello");
}

TEST(PayloadDecoder, Base85AndAscii85AsPythonEncodesThem) {
  // base64.b85encode / a85encode of the same bytes (a85's 'z' is four zero bytes).
  EXPECT_EQ(decode_base85("Xk~0{Zv"), "hello");
  EXPECT_EQ(decode_base85("Xk~0{Zy<MXa%^NF"), "hello world!");
  EXPECT_EQ(decode_base85("00000VPaz"), std::string("\0\0\0\0abc", 7));
  EXPECT_EQ(decode_base85("X>D+Ca&#bXa|!"), "import os\n");
  EXPECT_EQ(decode_ascii85("BOu!rD]j7BEbo80"), "hello world!");
  EXPECT_EQ(decode_ascii85("z@:E^"), std::string("\0\0\0\0abc", 7));
  EXPECT_EQ(decode_ascii85("<~Bl.g-Ec`FBEs_~>"), "import os\n");
  EXPECT_FALSE(decode_base85("Xk~0{Z\""));  // '"' is no b85 digit
  EXPECT_FALSE(decode_base85("X"));         // one digit holds no byte
  EXPECT_FALSE(decode_base85("~~~~~"));     // above 2^32 - 1
  EXPECT_FALSE(decode_ascii85("BOu!v"));    // 'v' is past Ascii85's 'u'
}

TEST(PayloadDecoder, InflateAndLayers) {
  // zlib.compress(b"print(1)") then base64.
  auto z = decode_base64("eJwrKMrMK9Ew1AQADhUCsA==");
  ASSERT_TRUE(z);
  EXPECT_EQ(inflate_any(*z), "print(1)");
  EXPECT_EQ(peel_blob("ZUp3cktNck1LOUV3MUFRQURoVUNzQT09"), "print(1)");  // base64(base64(zlib))
  EXPECT_FALSE(peel_blob("this is just a long sentence, not an encoded payload at all"));
  EXPECT_FALSE(inflate_any("garbage garbage"));
}

}  // namespace
}  // namespace mai::assess

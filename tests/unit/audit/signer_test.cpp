#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <thread>
#include <vector>

#include "audit/error.hpp"
#include "audit/signer.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "test_util.hpp"

namespace mai::audit {

TEST(Signer, Rfc8032Vectors) {
  // RFC 8032 section 7.1, TEST 1 and TEST 2.
  auto pk1 = PublicKey::from_raw(*from_hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"));
  auto sig1 = *from_hex("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  EXPECT_TRUE(pk1.verify("", sig1));
  EXPECT_FALSE(pk1.verify("x", sig1));
  auto pk2 = PublicKey::from_raw(*from_hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"));
  auto sig2 = *from_hex("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
  EXPECT_TRUE(pk2.verify(std::string(1, '\x72'), sig2));
  sig2[0] ^= 1;
  EXPECT_FALSE(pk2.verify(std::string(1, '\x72'), sig2));
  EXPECT_FALSE(pk2.verify(std::string(1, '\x72'), "short"));
}

// RFC 8032's TEST 2 signed again and again by one key, on several threads,
// between other messages: contexts reused from earlier signatures give the
// vector's exact (deterministic) signature every time.
TEST(Signer, ReusedSigningContextsGiveTheRfc8032Signature) {
  // PKCS#8 wrapping of TEST 2's 32-byte private key.
  const std::string der = *from_hex("302e020100300506032b657004220420") +
                          *from_hex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
  auto key = SigningKey::from_pem("-----BEGIN PRIVATE KEY-----\n" + to_base64(der) + "\n-----END PRIVATE KEY-----\n",
                                  "test key");
  const std::string expected = *from_hex(
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
  const std::string msg(1, '\x72');
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      SigningKey mine = key;  // copies share the contexts
      for (int i = 0; i < 50; ++i) {
        std::string other = "message " + std::to_string(t * 100 + i);
        if (!mine.public_key().verify(other, mine.sign(other))) ++wrong;
        if (mine.sign(msg) != expected) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(key.sign(msg), expected);
  SigningKey moved = std::move(key);
  EXPECT_EQ(moved.sign(msg), expected);
}

TEST(Signer, KeyFileRoundTripWithMode0600) {
  testing::TempDir dir;
  std::string path = dir.path() + "/keys/signing-key.pem";
  auto key = SigningKey::generate();
  key.save_file(path);
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  ASSERT_EQ(::stat((dir.path() + "/keys").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  auto loaded = SigningKey::load_file(path);
  EXPECT_EQ(loaded.key_id(), key.key_id());
  EXPECT_EQ(key.key_id().size(), 64u);
  std::string sig = loaded.sign("hello");
  EXPECT_TRUE(key.public_key().verify("hello", sig));
  EXPECT_EQ(PublicKey::from_pem(key.public_key().pem()).key_id(), key.key_id());
  EXPECT_NE(read_file(path).find("BEGIN PRIVATE KEY"), std::string::npos);
}

TEST(Signer, RefusesAKeyOthersCanRead) {
  testing::TempDir dir;
  std::string path = dir.path() + "/k.pem";
  SigningKey::generate().save_file(path);
  ::chmod(path.c_str(), 0644);
  try {
    SigningKey::load_file(path);
    FAIL() << "a world-readable key was accepted";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find("chmod 600"), std::string::npos) << e.what();
  }
}

TEST(Signer, ClearErrorsForBadInput) {
  EXPECT_THROW(PublicKey::from_pem("not a key"), AuditError);
  EXPECT_THROW(PublicKey::from_pem_file("/nonexistent/key.pem"), AuditError);
  EXPECT_THROW(PublicKey::from_raw("short"), AuditError);
  EXPECT_THROW(SigningKey::from_pem("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "k"),
               AuditError);
}

}  // namespace mai::audit

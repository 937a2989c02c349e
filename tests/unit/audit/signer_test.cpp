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

// A key file this program wrote is read without OpenSSL's PEM decoder
// (signer.cpp); every other spelling still goes to OpenSSL. Either way the
// key is the one OpenSSL's own decoder finds (PublicKey::from_pem reads a
// private key PEM through it), and a look-alike of another algorithm is
// refused, not taken for Ed25519.
TEST(Signer, PrivateKeyFilesInAnySpellingAreTheKeyOpenSslReads) {
  const std::string seed = *from_hex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
  const std::string test2_key_id = key_id_of(*from_hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"));
  auto pem_of = [](const std::string& der, const std::string& eol, size_t wrap) {
    std::string b64 = to_base64(der), out = "-----BEGIN PRIVATE KEY-----" + eol;
    for (size_t i = 0; i < b64.size(); i += wrap) out += b64.substr(i, wrap) + eol;
    return out + "-----END PRIVATE KEY-----" + eol;
  };
  const std::string der = *from_hex("302e020100300506032b657004220420") + seed;
  std::string spaced = pem_of(der, "\n", 64);
  spaced.insert(spaced.find('\n') + 5, " ");  // OpenSSL's base64 skips it
  for (const std::string& pem : {pem_of(der, "\n", 64), pem_of(der, "\r\n", 64), pem_of(der, "\n", 16),
                                 "\n\n" + pem_of(der, "\n", 64) + "  \n\n", spaced,
                                 "a comment OpenSSL skips\n" + pem_of(der, "\n", 64)}) {
    SCOPED_TRACE(pem);
    EXPECT_EQ(SigningKey::from_pem(pem, "k").key_id(), test2_key_id);
    EXPECT_EQ(PublicKey::from_pem(pem).key_id(), test2_key_id);
  }
  // Nor is it more lenient: OpenSSL finds no block in an indented one.
  EXPECT_THROW(SigningKey::from_pem("  " + pem_of(der, "\n", 64), "k"), AuditError);
  EXPECT_THROW(PublicKey::from_pem("  " + pem_of(der, "\n", 64)), AuditError);
  auto generated = SigningKey::generate();
  EXPECT_EQ(SigningKey::from_pem(generated.private_pem(), "k").key_id(), generated.key_id());
  EXPECT_EQ(PublicKey::from_pem(generated.private_pem()).key_id(), generated.key_id());

  // The same bytes under X25519's object identifier (1.3.101.110): a key, not a signing key.
  const std::string x25519 = *from_hex("302e020100300506032b656e04220420") + seed;
  try {
    SigningKey::from_pem(pem_of(x25519, "\n", 64), "k");
    FAIL() << "an X25519 key was taken for an Ed25519 one";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find("not an Ed25519 private key"), std::string::npos) << e.what();
  }
  // One byte short, or a stray character in the base64: not a key at all.
  EXPECT_THROW(SigningKey::from_pem(pem_of(der.substr(0, der.size() - 1), "\n", 64), "k"), AuditError);
  std::string stray = pem_of(der, "\n", 64);
  stray.insert(stray.find('\n') + 5, "*");
  EXPECT_THROW(SigningKey::from_pem(stray, "k"), AuditError);
}

TEST(Signer, ClearErrorsForBadInput) {
  EXPECT_THROW(PublicKey::from_pem("not a key"), AuditError);
  EXPECT_THROW(PublicKey::from_pem_file("/nonexistent/key.pem"), AuditError);
  EXPECT_THROW(PublicKey::from_raw("short"), AuditError);
  EXPECT_THROW(SigningKey::from_pem("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "k"),
               AuditError);
}

}  // namespace mai::audit

// TlsContext validation: every bad-file case is a UsageError naming the file
// and the problem, raised before any connection is made.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include "common/error.hpp"
#include "test_util.hpp"
#include "transport/identity.hpp"

namespace mai::transport::test {
namespace {

// The message of the UsageError that building a context throws ("" if none).
std::string usage_error(const TlsFiles& f, bool server) {
  try {
    if (server)
      TlsContext::server(f);
    else
      TlsContext::client(f);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(TransportTlsContext, GoodFilesBuildBothRoles) {
  const auto& pki = Pki::get();
  auto s = TlsContext::server(pki.server());
  auto c = TlsContext::client(pki.client());
  ASSERT_TRUE(s && c);
  EXPECT_NE(s->native(), nullptr);
  EXPECT_TRUE(s->is_server());
  EXPECT_FALSE(c->is_server());
  EXPECT_EQ(c->own_subject(), "CN=alice");
  EXPECT_EQ(TlsContext::client(pki.client("w1"))->own_subject(), "CN=w1,OU=workers");
}

TEST(TransportTlsContext, FilesStruct) {
  TlsFiles f;
  EXPECT_TRUE(f.empty());
  EXPECT_FALSE(f.complete());
  f.cert = "x";
  EXPECT_FALSE(f.empty());
  EXPECT_FALSE(f.complete());
  f.key = "y";
  f.ca = "z";
  EXPECT_TRUE(f.complete());
}

TEST(TransportTlsContext, PartialSet) {
  const auto& pki = Pki::get();
  TlsFiles f = pki.server();
  f.key.clear();
  std::string msg = usage_error(f, true);
  EXPECT_NE(msg.find("together"), std::string::npos) << msg;
  EXPECT_NE(msg.find("missing: key"), std::string::npos) << msg;
  f = pki.server();
  f.ca.clear();
  f.cert.clear();
  msg = usage_error(f, true);
  EXPECT_NE(msg.find("missing: certificate, CA"), std::string::npos) << msg;
}

TEST(TransportTlsContext, MissingFile) {
  TlsFiles f = Pki::get().server();
  f.cert = Pki::get().dir + "/nope.pem";
  std::string msg = usage_error(f, true);
  EXPECT_NE(msg.find("cannot read TLS certificate " + f.cert), std::string::npos) << msg;
  EXPECT_NE(msg.find("No such file"), std::string::npos) << msg;
  f = Pki::get().server();
  f.ca = Pki::get().dir + "/nope-ca.pem";
  msg = usage_error(f, true);
  EXPECT_NE(msg.find("cannot read TLS CA " + f.ca), std::string::npos) << msg;
}

TEST(TransportTlsContext, NotPem) {
  const auto& pki = Pki::get();
  std::string junk = pki.dir + "/junk.txt";
  write_file(junk, "this is not a certificate\n");
  TlsFiles f = pki.server();
  f.cert = junk;
  std::string msg = usage_error(f, true);
  EXPECT_NE(msg.find("TLS certificate " + junk + " is not a PEM certificate"), std::string::npos)
      << msg;
  f = pki.server();
  f.key = junk;
  msg = usage_error(f, true);
  EXPECT_NE(msg.find("TLS key " + junk + " is not a PEM private key"), std::string::npos) << msg;
  f = pki.server();
  f.ca = junk;
  msg = usage_error(f, true);
  EXPECT_NE(msg.find("TLS CA " + junk + " is not a PEM certificate"), std::string::npos) << msg;
}

TEST(TransportTlsContext, EncryptedKey) {
  const auto& pki = Pki::get();
  std::string enc = pki.dir + "/encrypted.key";
  std::string cmd =
      "openssl pkey -in " + pki.dir + "/alice.key -aes256 -passout pass:s3cret -out " + enc;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  TlsFiles f = pki.client();
  f.key = enc;
  std::string msg = usage_error(f, false);
  EXPECT_NE(msg.find("TLS key " + enc + " is encrypted"), std::string::npos) << msg;
}

TEST(TransportTlsContext, KeyDoesNotMatchCertificate) {
  const auto& pki = Pki::get();
  TlsFiles f = pki.client();
  f.key = pki.dir + "/server.key";
  std::string msg = usage_error(f, false);
  EXPECT_NE(msg.find("TLS key " + f.key + " does not match the certificate " + f.cert),
            std::string::npos)
      << msg;
}

TEST(TransportTlsContext, ExpiredAndNotYetValid) {
  const auto& pki = Pki::get();
  TlsFiles f = pki.client("expired");
  std::string msg = usage_error(f, false);
  EXPECT_NE(msg.find("TLS certificate " + f.cert + " expired on"), std::string::npos) << msg;
  f = pki.client("future");
  msg = usage_error(f, false);
  EXPECT_NE(msg.find("TLS certificate " + f.cert + " is not yet valid"), std::string::npos) << msg;
}

TEST(TransportTlsContext, NotSignedByTheCa) {
  const auto& pki = Pki::get();
  TlsFiles f{pki.rogue + "/mallory.pem", pki.rogue + "/mallory.key", pki.dir + "/ca.pem"};
  std::string msg = usage_error(f, false);
  EXPECT_NE(msg.find("TLS certificate " + f.cert + " is not signed by the CA in " + f.ca),
            std::string::npos)
      << msg;
}

TEST(TransportTlsContext, WrongExtendedKeyUsage) {
  const auto& pki = Pki::get();
  std::string msg = usage_error(pki.server(), false);  // a server certificate as a client
  EXPECT_NE(msg.find("cannot be used by a client: its extended key usage lacks clientAuth"),
            std::string::npos)
      << msg;
  msg = usage_error(pki.client(), true);  // a client certificate as a server
  EXPECT_NE(msg.find("cannot be used by a server: its extended key usage lacks serverAuth"),
            std::string::npos)
      << msg;
}

int run(const std::string& cmd) {
  int status = std::system((cmd + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(TransportMakeCerts, UsageReuseAndForce) {
  const std::string tool = source_dir() + "/tools/make-certs.sh";
  EXPECT_EQ(run(tool), 2);
  EXPECT_EQ(run(tool + " --help"), 0);
  EXPECT_EQ(run(tool + " /tmp/x --bogus"), 2);
  EXPECT_EQ(run(tool + " /tmp/x --client 'bad name'"), 2);
  char tmpl[] = "/tmp/mai-make-certs-XXXXXX";
  std::string dir = ::mkdtemp(tmpl);
  ASSERT_EQ(run(tool + " " + dir + " --client c1 --server-name svc.example --server-name 10.0.0.7"), 0);
  std::string ca = read_whole(dir + "/ca.pem");
  EXPECT_EQ(fs::status(dir + "/ca.key").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(fs::status(dir + "/c1.key").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  const std::string san_check = "openssl x509 -in " + dir +
                                "/server.pem -noout -ext subjectAltName | grep -q " +
                                "'DNS:localhost, IP Address:127.0.0.1, DNS:svc.example, IP "
                                "Address:10.0.0.7'";
  EXPECT_EQ(run(san_check), 0);
  // A second run reuses the CA (old and new certificates both verify) and
  // leaves the server certificate alone.
  std::string server = read_whole(dir + "/server.pem");
  ASSERT_EQ(run(tool + " " + dir + " --worker w9"), 0);
  EXPECT_EQ(read_whole(dir + "/ca.pem"), ca);
  EXPECT_EQ(read_whole(dir + "/server.pem"), server);
  EXPECT_EQ(TlsContext::client({dir + "/c1.pem", dir + "/c1.key", dir + "/ca.pem"})->own_subject(),
            "CN=c1");
  EXPECT_EQ(TlsContext::client({dir + "/w9.pem", dir + "/w9.key", dir + "/ca.pem"})->own_subject(),
            "CN=w9,OU=workers");
  // Half a CA is refused; --force replaces the CA.
  fs::remove(dir + "/ca.key");
  EXPECT_EQ(run(tool + " " + dir), 2);
  ASSERT_EQ(run(tool + " " + dir + " --force"), 0);
  EXPECT_NE(read_whole(dir + "/ca.pem"), ca);
  EXPECT_NE(read_whole(dir + "/server.pem"), server);  // reissued by the new CA
  EXPECT_NO_THROW(TlsContext::server({dir + "/server.pem", dir + "/server.key", dir + "/ca.pem"}));
  fs::remove_all(dir);
}

TEST(TransportPeerIdentity, Display) {
  PeerIdentity p;
  p.address = "127.0.0.1:40312";
  EXPECT_EQ(p.display(), "plain-tcp 127.0.0.1:40312");
  p.tls = true;
  p.subject = "CN=mai-1,O=Example";
  EXPECT_EQ(p.display(), "CN=mai-1,O=Example");
}

TEST(TransportPortGate, ClaimIsOneShotAndForgettable) {
  PortGate g;
  g.expect(4000, "t1");
  g.expect(4001, "t2");
  EXPECT_FALSE(g.claim(4002).has_value());
  EXPECT_EQ(g.claim(4000).value_or(""), "t1");
  EXPECT_FALSE(g.claim(4000).has_value());
  g.forget(4001);
  EXPECT_FALSE(g.claim(4001).has_value());
  EXPECT_EQ(g.size(), 0u);
}

TEST(TransportSessionRegistry, AddFindRemove) {
  SessionRegistry r;
  PeerIdentity p;
  p.tls = true;
  p.subject = "CN=alice";
  r.add("tok", p);
  EXPECT_EQ(r.size(), 1u);
  ASSERT_TRUE(r.find("tok").has_value());
  EXPECT_EQ(r.find("tok")->subject, "CN=alice");
  EXPECT_FALSE(r.find("other").has_value());
  r.remove("tok");
  EXPECT_EQ(r.size(), 0u);
}

}  // namespace
}  // namespace mai::transport::test

// config/network.yaml: the shipped file parses; mistakes name file, line, field.
#include <gtest/gtest.h>

#include "common/error.hpp"
#include "config/config_source.hpp"
#include "config/network_config.hpp"

namespace mai::config {

namespace {

const char* kBase = R"(allow:
  - pypi.org
  - "*.mirror.example"
resolve:
  pkgs.test: 127.0.0.1:8080
  v6.test: "[::1]:81"
  plain.test: 10.0.0.2
limits:
  max_connections: 4
  max_requests: 100
  header_bytes: 8KiB
  header_count: 50
  upload_per_tunnel: 1KiB
  upload_per_run: 2KiB
  download_per_connection: 1MiB
  download_per_run: 2MiB
timeouts:
  resolve: 1s
  connect: 1s
  header: 500ms
  idle: 2s
  total: 1m
)";

std::string error_of(const std::string& text) {
  try {
    parse_network_config(Node::parse("network.yaml", text));
  } catch (const ConfigError& e) {
    return std::string(e.what()) + " @" + std::to_string(e.line()) + " " + e.field();
  }
  return "";
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  s.replace(s.find(from), from.size(), to);
  return s;
}

}  // namespace

TEST(ProxyNetworkConfig, BuiltInDefaultParses) {
  NetworkConfig c = parse_network_config(Source(std::nullopt).load("network.yaml"));
  EXPECT_EQ(c.allow, (std::vector<std::string>{"pypi.org", "files.pythonhosted.org",
                                               "docs.python.org"}));
  EXPECT_TRUE(c.resolve.empty());
  EXPECT_GT(c.limits.upload_per_tunnel, 0u);
}

TEST(ProxyNetworkConfig, ParsesEverything) {
  NetworkConfig c = parse_network_config(Node::parse("network.yaml", kBase));
  EXPECT_EQ(c.allow.size(), 2u);
  EXPECT_EQ(c.resolve.at("pkgs.test").ip, "127.0.0.1");
  EXPECT_EQ(c.resolve.at("pkgs.test").port, 8080);
  EXPECT_EQ(c.resolve.at("v6.test").ip, "::1");
  EXPECT_EQ(c.resolve.at("v6.test").port, 81);
  EXPECT_EQ(c.resolve.at("plain.test").port, 0);
  EXPECT_EQ(c.limits.header_bytes, 8192u);
  EXPECT_EQ(c.timeouts.header_ms, 500u);
}

TEST(ProxyNetworkConfig, MistakesNameLineAndField) {
  std::string e = error_of(replace(kBase, "  - pypi.org", "  - 10.0.0.1"));
  EXPECT_NE(e.find("IP addresses"), std::string::npos) << e;
  EXPECT_NE(e.find("@2 allow[0]"), std::string::npos) << e;
  e = error_of(replace(kBase, "  - pypi.org", "  - \"*\""));
  EXPECT_NE(e.find("allow[0]"), std::string::npos) << e;
  e = error_of(replace(kBase, "  - pypi.org", "  - PyPI.org"));
  EXPECT_NE(e.find("lower-case"), std::string::npos) << e;
  e = error_of(replace(kBase, "127.0.0.1:8080", "localhost:8080"));
  EXPECT_NE(e.find("@5 resolve.pkgs.test"), std::string::npos) << e;
  e = error_of(replace(kBase, "127.0.0.1:8080", "127.0.0.1:99999"));
  EXPECT_NE(e.find("port"), std::string::npos) << e;
  e = error_of(replace(kBase, "header: 500ms", "header: soon"));
  EXPECT_NE(e.find("timeouts.header"), std::string::npos) << e;
  e = error_of(replace(kBase, "  max_connections: 4", "  max_conections: 4"));
  EXPECT_NE(e.find("unknown key"), std::string::npos) << e;
  e = error_of(replace(kBase, "upload_per_run: 2KiB", "upload_per_run: 512"));
  EXPECT_NE(e.find("limits.upload_per_run"), std::string::npos) << e;
}

TEST(ProxyNetworkConfig, IpLiteralShapes) {
  for (const char* s : {"127.0.0.1", "2130706433", "0x7f000001", "127.1", "a.0x10", "::1"})
    EXPECT_TRUE(looks_like_ip_literal(s)) << s;
  for (const char* s : {"pypi.org", "1password.com", "x0x.org"})
    EXPECT_FALSE(looks_like_ip_literal(s)) << s;
}

}  // namespace mai::config

namespace mai::config {

TEST(ProxyNetworkConfig, ClientHelloCap) {
  // Optional: a file from before it existed gets the default.
  NetworkConfig c = parse_network_config(Node::parse("network.yaml", kBase));
  EXPECT_EQ(c.limits.client_hello_bytes, 16384u);
  NetworkConfig d = parse_network_config(Node::parse(
      "network.yaml", replace(kBase, "  header_count: 50\n", "  header_count: 50\n  client_hello_bytes: 4KiB\n")));
  EXPECT_EQ(d.limits.client_hello_bytes, 4096u);
  std::string e = error_of(
      replace(kBase, "  header_count: 50\n", "  header_count: 50\n  client_hello_bytes: 100KiB\n"));
  EXPECT_NE(e.find("limits.client_hello_bytes"), std::string::npos) << e;
  EXPECT_NE(e.find("must be 512B to 64KiB"), std::string::npos) << e;
  EXPECT_EQ(parse_network_config(Source(std::nullopt).load("network.yaml")).limits.client_hello_bytes,
            16384u);
}

}  // namespace mai::config

// The request-head parser under attack: smuggling shapes, oversized heads,
// and a trickling client.
#include <gtest/gtest.h>

#include "proxy/http_request.hpp"

namespace mai::proxy {

namespace {

HeadResult parse(const std::string& s, HeadLimits limits = {}) {
  size_t scanned = 0;
  return parse_request_head(s, limits, scanned);
}

void expect_refused(const std::string& s, int status, const std::string& word) {
  HeadResult r = parse(s);
  EXPECT_EQ(r.status, HeadStatus::refused) << s;
  EXPECT_EQ(r.http_status, status) << s;
  EXPECT_NE(r.reason.find(word), std::string::npos) << r.reason;
}

}  // namespace

TEST(ProxyHttpRequest, ParsesAProxyGet) {
  HeadResult r = parse("GET http://pypi.org/simple/ HTTP/1.1\r\nHost: pypi.org\r\n"
                       "User-Agent:  pip/23 \r\n\r\nEXTRA");
  ASSERT_EQ(r.status, HeadStatus::complete) << r.reason;
  EXPECT_EQ(r.head.method, "GET");
  EXPECT_EQ(r.head.target, "http://pypi.org/simple/");
  ASSERT_NE(r.head.find("user-agent"), nullptr);
  EXPECT_EQ(*r.head.find("user-agent"), "pip/23");
  EXPECT_EQ(r.head.size, std::string("GET http://pypi.org/simple/ HTTP/1.1\r\nHost: pypi.org\r\n"
                                     "User-Agent:  pip/23 \r\n\r\n")
                             .size());
}

TEST(ProxyHttpRequest, IncompleteUntilTheBlankLine) {
  EXPECT_EQ(parse("GET http://a.b/ HTTP/1.1\r\nHost: a.b\r\n").status, HeadStatus::incomplete);
}

TEST(ProxyHttpRequest, TricklingClientIsScannedOnce) {
  std::string full = "GET http://a.b/ HTTP/1.1\r\nHost: a.b\r\nX: y\r\n\r\n";
  std::string buf;
  size_t scanned = 0;
  HeadResult r;
  for (char c : full) {
    buf += c;
    r = parse_request_head(buf, {}, scanned);
    if (r.status != HeadStatus::incomplete) break;
  }
  EXPECT_EQ(r.status, HeadStatus::complete);
}

TEST(ProxyHttpRequest, SmugglingShapesAreRefused) {
  expect_refused("GET http://a.b/ HTTP/1.1\r\nHost: a.b\r\nContent-Length: 5\r\n"
                 "Transfer-Encoding: chunked\r\n\r\n",
                 400, "smuggling");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", 400,
                 "more than one Content-Length");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nContent-Length: 0, 5\r\n\r\n", 400,
                 "malformed Content-Length");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nContent-Length: +5\r\n\r\n", 400,
                 "malformed Content-Length");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
                 403, "Transfer-Encoding");
  // Bad chunking never gets to be parsed: any Transfer-Encoding is refused.
  expect_refused("GET http://a.b/ HTTP/1.1\r\nTransfer-Encoding: xchunked\r\n\r\nzz\r\n", 403,
                 "Transfer-Encoding");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nTransfer-Encoding : chunked\r\n\r\n", 400,
                 "header name");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nHost: a.b\r\nHost: evil.c\r\n\r\n", 400,
                 "more than one Host");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nHost: a.b\r\n X-Folded: yes\r\n\r\n", 400,
                 "folding");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nHost: a.b\nX: y\r\n\r\n", 400, "bare LF");
  expect_refused("GET http://a.b/ HTTP/1.1\n\n", 400, "bare LF");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nHost: a.b\rX: y\r\n\r\n", 400, "bare CR");
  expect_refused("GET http://a.b/ HTTP/1.1\r\nX: a\x01z\r\n\r\n", 400, "control character");
  expect_refused(std::string("GET http://a.b/ HTTP/1.1\r\nX: a\0z\r\n\r\n", 36), 400, "NUL");
  expect_refused("GET  http://a.b/ HTTP/1.1\r\n\r\n", 400, "request line");
  expect_refused("GET http://a.b/ HTTP/2.0\r\n\r\n", 400, "version");
  expect_refused("\r\n\r\n", 400, "empty");
}

TEST(ProxyHttpRequest, BodiesAreRefused) {
  expect_refused("GET http://a.b/ HTTP/1.1\r\nContent-Length: 10\r\n\r\n", 403, "bodies");
  HeadResult ok = parse("GET http://a.b/ HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
  EXPECT_EQ(ok.status, HeadStatus::complete);
}

TEST(ProxyHttpRequest, OversizedHeadsAreRefused) {
  HeadLimits limits{1024, 10};
  std::string big = "GET http://a.b/ HTTP/1.1\r\nX: " + std::string(2000, 'a');
  HeadResult r = parse(big, limits);
  EXPECT_EQ(r.status, HeadStatus::refused);
  EXPECT_EQ(r.http_status, 431);
  std::string many = "GET http://a.b/ HTTP/1.1\r\n";
  for (int i = 0; i < 11; ++i) many += "X" + std::to_string(i) + ": y\r\n";
  r = parse(many + "\r\n", limits);
  EXPECT_EQ(r.status, HeadStatus::refused);
  EXPECT_EQ(r.http_status, 431);
}

}  // namespace mai::proxy

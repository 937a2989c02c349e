#include "assess/one_liner_network.hpp"

#include <algorithm>

#include <re2/re2.h>

namespace mai::assess {

OneLinerNetwork one_liner_network(std::string_view code) {
  // Node's http(s)/fetch/axios/net, Ruby's Net::HTTP/open-uri/TCPSocket,
  // Perl's LWP/HTTP::Tiny/IO::Socket, PHP's curl/sockets/URL wrappers.
  static const RE2 client(
      "(?i)(\\bhttps?\\.(request|get)\\b|require\\(\\s*['\"](https?|net|axios|node-fetch|request)['\"]\\s*\\)|\\bfetch\\s*\\(|xmlhttprequest|\\baxios\\b|net\\.(connect|createconnection)|"
      "net::http|open-uri|uri\\.open|tcpsocket|lwp::|http::tiny|io::socket|curl_exec|fsockopen|"
      "stream_socket_client|file_get_contents\\s*\\(\\s*['\"]https?:)");
  static const RE2 url("(https?://[^\\s'\"`)]+)");
  static const RE2 host("(?i)\\bhost(?:name)?\\s*[:=]>?\\s*['\"]([^'\"]+)['\"]");
  static const RE2 env(
      "(?:process\\.env\\.|process\\.env\\[\\s*['\"]|\\bENV\\[\\s*['\"]|\\bENV\\.fetch\\(\\s*['\"]|\\$ENV\\{\\s*['\"]?|"
      "getenv\\(\\s*['\"])([A-Za-z_][A-Za-z0-9_]*)");
  static const RE2 whole_env("(process\\.env\\s*[),}]|\\bENV\\.(to_h|to_a|each|map)\\b|%ENV\\b|\\$_ENV\\s*[),;])");
  OneLinerNetwork out;
  const re2::StringPiece text(code.data(), code.size());
  out.sends = RE2::PartialMatch(text, client);
  if (!out.sends) return out;
  if (!RE2::PartialMatch(text, url, &out.target)) RE2::PartialMatch(text, host, &out.target);
  out.whole_env = RE2::PartialMatch(text, whole_env);
  re2::StringPiece rest = text;
  std::string name;
  constexpr size_t kMaxNames = 16;
  while (out.env_names.size() < kMaxNames && RE2::FindAndConsume(&rest, env, &name))
    if (std::find(out.env_names.begin(), out.env_names.end(), name) == out.env_names.end())
      out.env_names.push_back(name);
  return out;
}

}  // namespace mai::assess

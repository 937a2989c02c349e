// What a one-line program in a language the assessor does not interpret
// (node -e, ruby -e, perl -e, php -r) sends over the network: whether it
// has a network client at all, where to, and which environment variables it
// reads. Its text is scanned, not run; data spliced into it and the variables
// it reads are what it can send.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace mai::assess {

struct OneLinerNetwork {
  bool sends = false;                  // an HTTP client or a socket
  std::string target;                  // the first URL or host literal, empty if none
  std::vector<std::string> env_names;  // process.env.X, ENV["X"], $ENV{X}, getenv("X")
  bool whole_env = false;              // JSON.stringify(process.env), ENV.to_h, %ENV
};

OneLinerNetwork one_liner_network(std::string_view code);

}  // namespace mai::assess

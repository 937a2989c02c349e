#include "assess/taint.hpp"

namespace mai::assess {
namespace {

struct Info {
  const char* name;
  const char* words;
};
constexpr Info kInfo[kCount] = {
    {"secret_file", "stored credentials"},
    {"env_secret", "a secret from the environment"},
    {"env_all", "the whole environment"},
    {"env", "environment variables"},
    {"history", "shell history"},
    {"keys", "keystrokes"},
    {"clipboard", "the clipboard"},
    {"screen", "screen captures"},
    {"sysinfo", "host and user identity"},
    {"user_file", "the user's files"},
    {"downloaded", "downloaded data"},
    {"decoded", "decoded data"},
    {"obfuscated", "obfuscated data"},
    {"encrypted", "encrypted data"},
    {"sockfd", "a network socket"},
    {"walked", "files found by walking directories"},
    {"shell_io", "an interactive shell"},
    {"self", "its own program file"},
    {"password", "a password or token"},
    {"user_input", "user input"},
    {"file_data", "file contents"},
    {"hidden_name", "a function named by hidden data"},
    {"const_data", "constant data in the code"},
    {"formatted", "text built by formatting"},
    {"user_name", "the user's name"},
    {"host_name", "the host's name"},
    {"unpredictable", "a random name"},
    {"option", "an option the user sets"},
    {"web_request", "a web request's parameters"},
    {"pty", "a pseudo-terminal or socket pair"},
    {"intercepted", "intercepted traffic"},
    {"encoded", "encoded data"},
};

}  // namespace

std::optional<uint32_t> taint_from_name(std::string_view name) {
  for (uint32_t i = 0; i < kCount; ++i)
    if (name == kInfo[i].name) return 1u << i;
  return std::nullopt;
}

const char* taint_name(uint32_t bit) {
  for (uint32_t i = 0; i < kCount; ++i)
    if (bit == (1u << i)) return kInfo[i].name;
  return "?";
}

std::string describe_taint(uint32_t bits) {
  std::string out;
  for (uint32_t i = 0; i < kCount; ++i)
    if (bits & (1u << i)) {
      if (!out.empty()) out += ", ";
      out += kInfo[i].words;
    }
  return out;
}

}  // namespace mai::assess

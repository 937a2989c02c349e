#include "sandbox/environment.hpp"

namespace mai::sandbox {

std::vector<std::string> sandbox_environment(NetworkMode network, uint16_t proxy_port) {
  std::vector<std::string> env = {
      "PATH=/usr/local/bin:/usr/bin:/bin",
      "HOME=/sandbox",
      "LANG=C.UTF-8",
      "TMPDIR=/tmp",
      "PYTHONDONTWRITEBYTECODE=1",
      "PYTHONUNBUFFERED=1",
      "USER=sandbox",
  };
  if (network == NetworkMode::deps && proxy_port != 0) {
    std::string url = "http://127.0.0.1:" + std::to_string(proxy_port);
    for (const char* var : {"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"})
      env.push_back(std::string(var) + "=" + url);
  }
  return env;
}

}  // namespace mai::sandbox

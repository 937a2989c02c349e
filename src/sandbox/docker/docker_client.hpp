// A minimal Docker Engine API client: HTTP/1.1 over the daemon's unix socket
// with libcurl. One easy handle per call, so calls may run on any thread.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace mai::sandbox::docker {

struct Response {
  long status = 0;
  std::string body;
};

// Cancels a streaming call from another thread: shuts its socket down, so the
// blocked read returns at once (no polling). The socket is forgotten the moment
// curl closes it: its number may then belong to another thread's connection.
class StreamCancel {
 public:
  void set_socket(int fd);
  void close_socket(int fd);  // forgets it, then closes it
  void cancel();
  bool cancelled() const { return cancelled_; }

 private:
  std::mutex mu_;
  int fd_ = -1;
  std::atomic<bool> cancelled_{false};
};

class Client {
 public:
  // No I/O here; negotiate() talks to the daemon.
  explicit Client(std::string socket_path);

  // GET /_ping: the daemon's API version (its API-Version header). Later
  // calls are prefixed with kMinApi, the version this client speaks, which a
  // newer daemon serves unchanged. Throws SandboxError("docker_unavailable")
  // when the daemon cannot be reached or is older than kMinApi.
  std::string negotiate();
  const std::string& api_version() const { return version_; }  // used in paths
  const std::string& daemon_api_version() const { return daemon_version_; }
  const std::string& socket_path() const { return socket_; }

  // A call with a JSON (or empty) body; the response is read whole.
  // Throws SandboxError("docker_unavailable") if the socket does not answer.
  Response call(const std::string& method, const std::string& path, const std::string& body = "",
                long timeout_ms = 30000, const std::string& content_type = "application/json");

  // A call whose response body is streamed: on_status(status) once the headers
  // are in, then on_data(bytes) for each piece until the daemon ends the
  // response or `cancel` fires. Returns the HTTP status (0 if none arrived).
  long stream(const std::string& method, const std::string& path,
              const std::function<void(long)>& on_status,
              const std::function<void(const char*, size_t)>& on_data, StreamCancel* cancel);

  static constexpr const char* kMinApi = "1.41";

 private:
  std::string url(const std::string& path) const;
  std::string socket_;
  std::string version_;
  std::string daemon_version_;
};

// "No such image" etc.: the daemon's own message from an error body.
std::string error_message(const Response&);

// Percent-encodes a query parameter value.
std::string url_encode(const std::string&);

}  // namespace mai::sandbox::docker

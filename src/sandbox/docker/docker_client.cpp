#include "sandbox/docker/docker_client.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "sandbox/docker/curl_library.hpp"

namespace mai::sandbox::docker {

namespace {

struct Easy {
  const CurlLibrary& lib = curl_library();
  CURL* h = lib.easy_init();
  curl_slist* headers = nullptr;
  ~Easy() {
    if (headers) lib.slist_free_all(headers);
    if (h) lib.easy_cleanup(h);
  }
};

struct StreamState {
  const std::function<void(long)>* on_status = nullptr;
  const std::function<void(const char*, size_t)>* on_data = nullptr;
  std::string* sink = nullptr;
  CURL* h = nullptr;
  bool status_sent = false;
  StreamCancel* cancel = nullptr;
  std::string api_version;  // from /_ping's headers
};

size_t on_header(char* data, size_t size, size_t n, void* user) {
  auto* st = static_cast<StreamState*>(user);
  std::string line(data, size * n);
  static const std::string key = "api-version:";
  if (line.size() > key.size()) {
    std::string head = line.substr(0, key.size());
    for (auto& c : head) c = static_cast<char>(::tolower(static_cast<unsigned char>(c)));
    if (head == key) {
      std::string v = line.substr(key.size());
      auto b = v.find_first_not_of(" \t"), e = v.find_last_not_of(" \t\r\n");
      if (b != std::string::npos) st->api_version = v.substr(b, e - b + 1);
    }
  }
  // The empty line ends the headers: the status is known, data follows.
  if ((line == "\r\n" || line == "\n") && !st->status_sent && st->on_status) {
    long code = 0;
    curl_library().easy_getinfo(st->h, CURLINFO_RESPONSE_CODE, &code);
    if (code >= 200) {  // not an interim 1xx response
      st->status_sent = true;
      (*st->on_status)(code);
    }
  }
  return size * n;
}

size_t on_body(char* data, size_t size, size_t n, void* user) {
  auto* st = static_cast<StreamState*>(user);
  if (st->on_data) (*st->on_data)(data, size * n);
  if (st->sink) st->sink->append(data, size * n);
  return size * n;
}

curl_socket_t on_open(void* user, curlsocktype, curl_sockaddr* addr) {
  auto* st = static_cast<StreamState*>(user);
  int fd = ::socket(addr->family, addr->socktype | SOCK_CLOEXEC, addr->protocol);
  if (fd >= 0 && st->cancel) st->cancel->set_socket(fd);
  return fd < 0 ? CURL_SOCKET_BAD : fd;
}

int on_close(void* user, curl_socket_t fd) {
  static_cast<StreamCancel*>(user)->close_socket(fd);
  return 0;
}

// Numeric "1.41" comparison.
bool version_at_least(const std::string& v, const std::string& min) {
  int a = 0, b = 0, c = 0, d = 0;
  if (std::sscanf(v.c_str(), "%d.%d", &a, &b) != 2) return false;
  std::sscanf(min.c_str(), "%d.%d", &c, &d);
  return a > c || (a == c && b >= d);
}

}  // namespace

void StreamCancel::set_socket(int fd) {
  std::lock_guard<std::mutex> lock(mu_);
  fd_ = fd;
  if (cancelled_) ::shutdown(fd_, SHUT_RDWR);
}

void StreamCancel::close_socket(int fd) {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ == fd) fd_ = -1;
  ::close(fd);
}

void StreamCancel::cancel() {
  std::lock_guard<std::mutex> lock(mu_);
  cancelled_ = true;
  // The descriptor stays open (curl closes it); shutdown only ends the transfer.
  if (fd_ >= 0) ::shutdown(fd_, SHUT_RDWR);
}

Client::Client(std::string socket_path) : socket_(std::move(socket_path)) {
  curl_library();  // a missing libcurl is heard of here, before any call
}

std::string Client::url(const std::string& path) const {
  // The host part is ignored over a unix socket; the version prefix pins the API.
  return "http://docker" + (version_.empty() ? std::string() : "/v" + version_) + path;
}

std::string error_message(const Response& r) {
  try {
    auto j = nlohmann::json::parse(r.body);
    if (j.is_object() && j.contains("message") && j["message"].is_string())
      return j["message"].get<std::string>();
  } catch (const std::exception&) {
  }
  std::string b = r.body.substr(0, 200);
  while (!b.empty() && (b.back() == '\n' || b.back() == '\r')) b.pop_back();
  return "HTTP " + std::to_string(r.status) + (b.empty() ? "" : ": " + b);
}

std::string url_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

long Client::stream(const std::string& method, const std::string& path,
                    const std::function<void(long)>& on_status,
                    const std::function<void(const char*, size_t)>& on_data, StreamCancel* cancel) {
  Easy e;
  if (!e.h) throw SandboxError("docker_unavailable", "curl_easy_init failed");
  StreamState st;
  st.on_status = &on_status;
  st.on_data = &on_data;
  st.h = e.h;
  st.cancel = cancel;
  e.lib.easy_setopt(e.h, CURLOPT_UNIX_SOCKET_PATH, socket_.c_str());
  e.lib.easy_setopt(e.h, CURLOPT_URL, url(path).c_str());
  e.lib.easy_setopt(e.h, CURLOPT_CUSTOMREQUEST, method.c_str());
  if (method == "POST") {
    e.lib.easy_setopt(e.h, CURLOPT_POSTFIELDS, "");
    e.lib.easy_setopt(e.h, CURLOPT_POSTFIELDSIZE, 0L);
  }
  e.lib.easy_setopt(e.h, CURLOPT_NOSIGNAL, 1L);
  e.lib.easy_setopt(e.h, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  e.lib.easy_setopt(e.h, CURLOPT_HEADERFUNCTION, on_header);
  e.lib.easy_setopt(e.h, CURLOPT_HEADERDATA, &st);
  e.lib.easy_setopt(e.h, CURLOPT_WRITEFUNCTION, on_body);
  e.lib.easy_setopt(e.h, CURLOPT_WRITEDATA, &st);
  e.lib.easy_setopt(e.h, CURLOPT_OPENSOCKETFUNCTION, on_open);
  e.lib.easy_setopt(e.h, CURLOPT_OPENSOCKETDATA, &st);
  if (cancel) {
    // Without this, cancel() after the stream ended would shut down whatever
    // connection reuses the descriptor's number: another run's, mid-call.
    e.lib.easy_setopt(e.h, CURLOPT_CLOSESOCKETFUNCTION, on_close);
    e.lib.easy_setopt(e.h, CURLOPT_CLOSESOCKETDATA, cancel);
  }
  CURLcode rc = e.lib.easy_perform(e.h);
  long code = 0;
  e.lib.easy_getinfo(e.h, CURLINFO_RESPONSE_CODE, &code);
  if (rc != CURLE_OK && code == 0 && !(cancel && cancel->cancelled()))
    throw SandboxError("docker_unavailable", "cannot reach the Docker daemon at " + socket_ + ": " +
                                                 e.lib.easy_strerror(rc));
  return code;
}

Response Client::call(const std::string& method, const std::string& path, const std::string& body,
                      long timeout_ms, const std::string& content_type) {
  Easy e;
  if (!e.h) throw SandboxError("docker_unavailable", "curl_easy_init failed");
  Response r;
  StreamState st;
  st.sink = &r.body;
  st.h = e.h;
  e.lib.easy_setopt(e.h, CURLOPT_UNIX_SOCKET_PATH, socket_.c_str());
  e.lib.easy_setopt(e.h, CURLOPT_URL, url(path).c_str());
  e.lib.easy_setopt(e.h, CURLOPT_CUSTOMREQUEST, method.c_str());
  if (method == "POST" || method == "PUT") {
    e.lib.easy_setopt(e.h, CURLOPT_POSTFIELDS, body.data());
    e.lib.easy_setopt(e.h, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
    e.headers = e.lib.slist_append(e.headers, ("Content-Type: " + content_type).c_str());
    e.lib.easy_setopt(e.h, CURLOPT_HTTPHEADER, e.headers);
  }
  e.lib.easy_setopt(e.h, CURLOPT_NOSIGNAL, 1L);
  e.lib.easy_setopt(e.h, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  e.lib.easy_setopt(e.h, CURLOPT_TIMEOUT_MS, timeout_ms);
  e.lib.easy_setopt(e.h, CURLOPT_HEADERFUNCTION, on_header);
  e.lib.easy_setopt(e.h, CURLOPT_HEADERDATA, &st);
  e.lib.easy_setopt(e.h, CURLOPT_WRITEFUNCTION, on_body);
  e.lib.easy_setopt(e.h, CURLOPT_WRITEDATA, &st);
  CURLcode rc = e.lib.easy_perform(e.h);
  if (rc != CURLE_OK)
    throw SandboxError("docker_unavailable", "the Docker daemon at " + socket_ + " did not answer " +
                                                 method + " " + path + ": " + e.lib.easy_strerror(rc) +
                                                 " (is dockerd running?)");
  e.lib.easy_getinfo(e.h, CURLINFO_RESPONSE_CODE, &r.status);
  if (path == "/_ping") version_ = st.api_version;  // picked up by negotiate()
  return r;
}

std::string Client::negotiate() {
  version_.clear();
  Response r = call("GET", "/_ping", "", 5000);
  if (r.status != 200)
    throw SandboxError("docker_unavailable",
                       "the Docker daemon at " + socket_ + " refused /_ping: " + error_message(r));
  if (version_.empty())
    throw SandboxError("docker_unavailable", "the Docker daemon at " + socket_ +
                                                 " sent no API-Version header");
  daemon_version_ = version_;
  // Every request then names the version this client was written against:
  // newer daemons keep serving it unchanged, older ones are refused here.
  version_.clear();
  if (!version_at_least(daemon_version_, kMinApi))
    throw SandboxError("docker_unavailable", "the Docker daemon at " + socket_ + " speaks API " +
                                                 daemon_version_ + "; mai-sandbox needs " + kMinApi +
                                                 " or newer");
  version_ = kMinApi;
  return daemon_version_;
}

}  // namespace mai::sandbox::docker

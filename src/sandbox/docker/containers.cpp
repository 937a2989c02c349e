#include "sandbox/docker/containers.hpp"

#include <chrono>
#include <thread>

#include "common/error.hpp"

namespace mai::sandbox::docker {

namespace {
[[noreturn]] void refused(const std::string& what, const Response& r) {
  throw SandboxError("docker_refused", "the Docker daemon refused to " + what + ": " + error_message(r));
}
std::string missing_image_text(const std::string& image) {
  return "the Docker image " + image + " does not exist; build it with tools/build-docker-image.sh";
}
}  // namespace

std::string create_container(Client& c, const std::string& name, const nlohmann::json& body) {
  Response r = c.call("POST", "/containers/create?name=" + url_encode(name), body.dump());
  if (r.status == 404) throw SandboxError("docker_image_missing", missing_image_text(body.value("Image", "")));
  if (r.status != 201) refused("create a container", r);
  auto j = nlohmann::json::parse(r.body, nullptr, false);
  if (!j.is_object() || !j.contains("Id") || !j["Id"].is_string())
    throw SandboxError("docker_refused", "the Docker daemon answered a create without an id");
  return j["Id"].get<std::string>();
}

void start_container(Client& c, const std::string& id) {
  Response r = c.call("POST", "/containers/" + id + "/start");
  if (r.status != 204 && r.status != 304) refused("start the container", r);
}

nlohmann::json inspect_container(Client& c, const std::string& id) {
  Response r = c.call("GET", "/containers/" + id + "/json");
  if (r.status != 200) refused("inspect the container", r);
  auto j = nlohmann::json::parse(r.body, nullptr, false);
  if (!j.is_object()) throw SandboxError("docker_refused", "the Docker daemon's inspect answer is not JSON");
  return j;
}

void kill_container(Client& c, const std::string& id) noexcept {
  try {
    c.call("POST", "/containers/" + id + "/kill?signal=SIGKILL", "", 10000);
  } catch (...) {
    // 409 (not running) or the daemon gone: removal below still forces it.
  }
}

bool remove_container(Client& c, const std::string& id) noexcept {
  // A force-removal that races the container's own exit is refused ("Could
  // not kill running container ..., cannot remove - ... is not running", seen
  // under load), as is one while another removal is in progress: a later try
  // finds it stopped, or gone.
  constexpr int kTries = 4;
  for (int attempt = 1;; ++attempt) {
    try {
      Response r = c.call("DELETE", "/containers/" + id + "?force=1&v=1", "", 30000);
      if (r.status == 204 || r.status == 404) return true;
      if ((r.status != 409 && r.status != 500) || attempt == kTries) return false;
    } catch (...) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50 * attempt));
  }
}

std::vector<nlohmann::json> containers_with_label(Client& c, const std::string& label) {
  nlohmann::json filters = {{"label", {label}}};
  Response r = c.call("GET", "/containers/json?all=1&filters=" + url_encode(filters.dump()));
  if (r.status != 200) refused("list containers", r);
  auto j = nlohmann::json::parse(r.body, nullptr, false);
  std::vector<nlohmann::json> out;
  if (j.is_array())
    for (auto& e : j) out.push_back(std::move(e));
  return out;
}

void require_image(Client& c, const std::string& image) {
  Response r = c.call("GET", "/images/" + url_encode(image) + "/json");
  if (r.status == 404) throw SandboxError("docker_image_missing", missing_image_text(image));
  if (r.status != 200) refused("inspect the image " + image, r);
}

}  // namespace mai::sandbox::docker

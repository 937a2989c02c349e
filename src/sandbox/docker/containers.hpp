// The container calls the backend makes, each mapping the daemon's errors to
// a SandboxError that says what to do about it.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sandbox/docker/docker_client.hpp"

namespace mai::sandbox::docker {

// POST /containers/create?name=...; returns the id. A missing image says how to build it.
std::string create_container(Client&, const std::string& name, const nlohmann::json& body);
void start_container(Client&, const std::string& id);
nlohmann::json inspect_container(Client&, const std::string& id);
// Never throw: used on the way out, where nothing may stop the removal.
void kill_container(Client&, const std::string& id) noexcept;
bool remove_container(Client&, const std::string& id) noexcept;  // force, with volumes; retried while the daemon is mid-exit
// Ids and labels of every container (running or not) carrying `label`.
std::vector<nlohmann::json> containers_with_label(Client&, const std::string& label);
// Throws SandboxError("docker_image_missing") unless the image exists.
void require_image(Client&, const std::string& image);

}  // namespace mai::sandbox::docker

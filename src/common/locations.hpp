// Where configuration and state live, resolved exactly as the contract says.
#pragma once
#include <optional>
#include <string>

namespace mai {

// --config DIR, else $MAI_SANDBOX_CONFIG, else ./config if it exists, else
// /etc/mai-sandbox if it exists; nullopt means "use the built-in defaults".
std::optional<std::string> resolve_config_dir(const std::string& flag);
// --state DIR, else $MAI_SANDBOX_STATE, else $XDG_STATE_HOME/mai-sandbox,
// else ~/.local/state/mai-sandbox.
std::string resolve_state_dir(const std::string& flag);

}  // namespace mai

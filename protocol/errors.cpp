#include "protocol/errors.hpp"

#include <caf/actor_system_config.hpp>
#include <caf/atom.hpp>
#include <caf/message.hpp>

namespace mai::protocol {

namespace {
constexpr caf::atom_value category = caf::atom("mai");
}

std::string to_string(errc code) {
  switch (code) {
    case errc::overloaded: return "overloaded";
    case errc::sandbox_failed: return "sandbox_failed";
    case errc::audit_failed: return "audit_failed";
    case errc::invalid_request: return "invalid_request";
    case errc::worker_lost: return "worker_lost";
    case errc::unauthenticated: return "unauthenticated";
    case errc::internal:
      return "internal";
    case errc::unavailable:
      return "unavailable";
  }
  return "internal";
}

caf::error make_error(errc code, std::string message) {
  return caf::error{static_cast<uint8_t>(code), category, caf::make_message(std::move(message))};
}

std::optional<errc> errc_of(const caf::error& e) {
  // CAF 0.17 reads the category of an empty error through a null pointer.
  if (!e || e.category() != category) return std::nullopt;
  return static_cast<errc>(e.code());
}

std::string result_code(const caf::error& e) {
  auto code = errc_of(e);
  return code ? to_string(*code) : "internal";
}

std::string error_message(const caf::error& e) {
  if (e && e.category() == category && e.context().match_elements<std::string>())
    return e.context().get_as<std::string>(0);
  return caf::to_string(e);
}

void register_error_category(caf::actor_system_config& cfg) {
  cfg.add_error_category(category, [](uint8_t code, caf::atom_value, const caf::message& ctx) {
    std::string out = to_string(static_cast<errc>(code));
    if (ctx.match_elements<std::string>()) out += ": " + ctx.get_as<std::string>(0);
    return out;
  });
}

}  // namespace mai::protocol

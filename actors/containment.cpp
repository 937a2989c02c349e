#include "actors/containment.hpp"

#include <iostream>

namespace mai::actors::detail {

caf::error contained_failure(const char* where, const char* what) {
  std::string message = std::string(where) + " failed: " + what;
  std::cerr << "mai-sandbox: " << message
            << " (only this request ended; the service keeps serving)\n";
  return make_error(errc::internal, message);
}

}  // namespace mai::actors::detail

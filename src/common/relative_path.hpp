// Whether a name may become a path beneath a directory we control: relative,
// no ".." or "." components, no empty components, no NUL or control bytes.
// Header-only so the static sandbox init checks names by the same rule as the
// CLI and the service.
#pragma once
#include <optional>
#include <string>

namespace mai {

inline std::optional<std::string> relative_path_problem(const std::string& name) {
  if (name.empty()) return std::string("is empty");
  if (name.size() > 1024) return std::string("is longer than 1024 bytes");
  if (name.front() == '/') return std::string("is absolute");
  size_t start = 0;
  for (;;) {
    size_t slash = name.find('/', start);
    std::string part = name.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty()) return std::string("has an empty component");
    if (part == "..") return std::string("has a '..' component");
    if (part == ".") return std::string("has a '.' component");
    if (part.size() > 255) return std::string("has a component longer than 255 bytes");
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return std::string("contains a control character");
  return std::nullopt;
}

}  // namespace mai

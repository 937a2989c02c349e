#include "common/error.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

namespace mai {

namespace {
std::string describe(const std::string& file, int line, const std::string& field,
                     const std::string& what) {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (!field.empty()) out += ": field '" + field + "'";
  return out + ": " + what;
}
}  // namespace

ConfigError::ConfigError(std::string file, int line, std::string field, const std::string& what)
    : UsageError(describe(file, line, field, what)),
      file_(std::move(file)),
      line_(line),
      field_(std::move(field)) {}

void throw_errno(const std::string& what) { throw_errno(what, errno); }

void throw_errno(const std::string& what, int err) {
  throw std::system_error(err, std::generic_category(), what);
}

}  // namespace mai

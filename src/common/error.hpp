// Errors that cross module boundaries. Each kind maps to one exit status of
// the contract, so the CLI never has to guess how a failure should end.
#pragma once
#include <stdexcept>
#include <string>

namespace mai {

// A bad command line or configuration: exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A configuration file that cannot be used; names the file, line and field.
class ConfigError : public UsageError {
 public:
  ConfigError(std::string file, int line, std::string field, const std::string& what);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& field() const { return field_; }

 private:
  std::string file_;
  int line_;
  std::string field_;
};

// The sandbox (or another part of the service) failed before the code ran:
// exit status 125. `code` is the machine-readable error code of the result.
class SandboxError : public std::runtime_error {
 public:
  SandboxError(std::string code, const std::string& what)
      : std::runtime_error(what), code_(std::move(code)) {}
  const std::string& code() const { return code_; }

 private:
  std::string code_;
};

// Wraps errno into a message: "what: strerror(errno)".
[[noreturn]] void throw_errno(const std::string& what);
[[noreturn]] void throw_errno(const std::string& what, int err);

}  // namespace mai

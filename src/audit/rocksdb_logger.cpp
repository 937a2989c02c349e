#include "audit/rocksdb_logger.hpp"

#include <fcntl.h>
#include <rocksdb/env.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <mutex>

namespace mai::audit {

namespace {

class IgnoringFailuresLogger : public rocksdb::Logger {
 public:
  explicit IgnoringFailuresLogger(std::string path)
      : rocksdb::Logger(rocksdb::InfoLogLevel::WARN_LEVEL), path_(std::move(path)) {}
  ~IgnoringFailuresLogger() override {
    if (fd_ >= 0) ::close(fd_);
  }
  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    char line[1024];
    int n = std::vsnprintf(line, sizeof line - 1, format, ap);
    if (n < 0) return;
    size_t len = std::min(static_cast<size_t>(n), sizeof line - 2);
    if (len == 0 || line[len - 1] != '\n') line[len++] = '\n';
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd_ >= 0 && ::write(fd_, line, len) < 0) {
      // A full or failing disk: the write that failed reports it to its caller.
    }
  }

 private:
  const std::string path_;
  std::mutex mu_;
  int fd_ = -1;
};

}  // namespace

std::shared_ptr<rocksdb::Logger> info_log_in(const std::string& db_dir) {
  return std::make_shared<IgnoringFailuresLogger>(db_dir + "/LOG");
}

}  // namespace mai::audit

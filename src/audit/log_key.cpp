#include "audit/log_key.hpp"

#include <cstdio>

#include "audit/error.hpp"
#include "common/files.hpp"

namespace mai::audit {

LogKey::LogKey(std::string key_path, std::string db_dir) : path_(std::move(key_path)), db_dir_(std::move(db_dir)) {}

void LogKey::load_or_create(bool log_exists, uint64_t log_records, const std::string& log_key_id) {
  if (path_exists(path_)) {
    auto key = SigningKey::load_file(path_);
    std::lock_guard<std::mutex> lk(mu_);
    key_ = std::move(key);
    return;
  }
  if (log_exists)
    throw AuditError("the audit signing key " + path_ + " is missing, but the audit log at " + db_dir_ +
                     " holds " + std::to_string(log_records) + " records signed by key " + log_key_id +
                     "; restore the key file (a new key cannot continue an existing log)");
  auto key = SigningKey::generate();
  key.save_file(path_);
  std::lock_guard<std::mutex> lk(mu_);
  key_ = std::move(key);
}

void LogKey::sync(const std::string& key_id) {
  std::lock_guard<std::mutex> lk(mu_);
  if (key_ && key_->key_id() == key_id) return;
  std::string pending = path_ + ".new";
  if (path_exists(pending)) {
    auto fresh = SigningKey::load_file(pending);
    if (fresh.key_id() == key_id) {
      // A rotation was recorded but the process died before renaming the key.
      if (::rename(pending.c_str(), path_.c_str()) != 0)
        throw AuditError("cannot finish the key rotation: rename " + pending + " failed");
      key_ = std::move(fresh);
      return;
    }
  }
  if (path_exists(path_)) {
    auto current = SigningKey::load_file(path_);
    if (current.key_id() == key_id) {
      key_ = std::move(current);
      return;
    }
  }
  throw AuditError("the audit signing key " + path_ + " (key id " + (key_ ? key_->key_id() : "none") +
                   ") is not the key the audit log at " + db_dir_ + " is signed with (key id " + key_id + ")");
}

SigningKey LogKey::current() const {
  std::lock_guard<std::mutex> lk(mu_);
  if (!key_) throw AuditError("internal error: no audit signing key loaded");
  return *key_;
}

std::string LogKey::key_id() const { return current().key_id(); }

PublicKey LogKey::public_key() const { return current().public_key(); }

void LogKey::replace(SigningKey fresh) {
  std::string pending = path_ + ".new";
  if (::rename(pending.c_str(), path_.c_str()) != 0)
    throw AuditError("key rotation recorded, but renaming " + pending + " to " + path_ +
                     " failed; the next open finishes it");
  std::lock_guard<std::mutex> lk(mu_);
  key_ = std::move(fresh);
}

}  // namespace mai::audit

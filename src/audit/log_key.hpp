// The log's signing key as the writer holds it: loaded from key_file, or
// created there for a new log, and kept in step with the log's head, since
// another process may have rotated it (finishing a rotation that was
// recorded but whose key file was not renamed yet).
#pragma once
#include <mutex>
#include <optional>
#include <string>

#include "audit/signer.hpp"

namespace mai::audit {

class LogKey {
 public:
  LogKey(std::string key_path, std::string db_dir);

  const std::string& path() const { return path_; }
  // The key at path(); or, when there is none and no log exists yet, a new
  // one written there (0600, directory 0700). A log (of `log_records`
  // records signed by `log_key_id`) without a key: AuditError (a new key
  // cannot continue an existing log).
  void load_or_create(bool log_exists, uint64_t log_records, const std::string& log_key_id);
  // Makes the held key the one the log's head names (`key_id`): reloads it
  // from path(), or finishes an interrupted rotation from path().new.
  void sync(const std::string& key_id);
  // The key held now (a cheap copy).
  SigningKey current() const;
  std::string key_id() const;
  PublicKey public_key() const;
  // After a rotation: `fresh` is current, and its file is renamed over path().
  void replace(SigningKey fresh);

 private:
  const std::string path_;
  const std::string db_dir_;
  mutable std::mutex mu_;
  std::optional<SigningKey> key_;
};

}  // namespace mai::audit

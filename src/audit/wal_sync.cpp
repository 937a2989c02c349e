#include "audit/wal_sync.hpp"

#include <exception>

#include "audit/error.hpp"

namespace mai::audit {

void WalSync::sync(uint64_t ticket, const std::function<void()>& sync_wal) {
  std::lock_guard<std::mutex> lk(sync_mu_);
  if (synced_ >= ticket) return;  // a sync that began after our write succeeded, before any failure
  check();
  const uint64_t upto = written_.load();  // every batch written so far is in the WAL
  try {
    sync_wal();
  } catch (const std::exception& e) {
    fail(std::string("syncing its write-ahead log failed: ") + e.what());
    check();
  }
  synced_ = upto;
}

void WalSync::fail(const std::string& why) {
  std::lock_guard<std::mutex> lk(broken_mu_);
  if (broken_.empty()) broken_ = why;
}

void WalSync::check() const {
  std::lock_guard<std::mutex> lk(broken_mu_);
  if (!broken_.empty())
    throw AuditError("the audit log takes no more writes or reads until it is opened again: " + broken_);
}

}  // namespace mai::audit

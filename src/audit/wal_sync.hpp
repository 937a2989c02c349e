// Syncing the write-ahead log apart from the write, so that the next group
// commit is chained, signed and written while this one waits for the disk.
//
// A batch written without sync gets a ticket; sync(ticket) returns once a WAL
// sync that began after that write has succeeded (one fsync serves every
// batch written before it). A failed write or sync breaks the log for good:
// later batches were chained onto records that may never reach the disk, so
// they and every batch not yet synced fail, and nothing is acknowledged
// until the log is opened again (which replays only what the disk holds).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace mai::audit {

class WalSync {
 public:
  // After a write that succeeded (one at a time): its ticket.
  uint64_t written() { return ++written_; }
  // Durable through `ticket` when it returns; sync_wal() syncs the WAL, and
  // is called by one thread at a time. Throws AuditError when broken.
  void sync(uint64_t ticket, const std::function<void()>& sync_wal);
  // A write or a sync failed: broken from now on, with this reason.
  void fail(const std::string& why);
  // Throws AuditError when broken.
  void check() const;

 private:
  std::atomic<uint64_t> written_{0};
  std::mutex sync_mu_;  // one sync at a time
  uint64_t synced_ = 0;  // under sync_mu_
  mutable std::mutex broken_mu_;
  std::string broken_;
};

}  // namespace mai::audit

// Who holds the audit database, and for how long.
//
// RocksDB admits one writing process at a time. The service opens the log
// once and keeps it (hold_open). Short-lived `mai-sandbox run` processes
// share it: each use opens the database (waiting up to lock_wait while
// another process holds it) and a closer thread lets go of it once it has
// been idle for writer_linger, so one short request opens it once and others
// wait at most that long.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <optional>
#include <thread>

#include "audit/log_holder.hpp"

namespace mai::audit {

class Store;

class WriterSession {
 public:
  WriterSession(std::string db_dir, uint64_t lock_wait_ms, uint64_t linger_ms, bool hold_open);
  ~WriterSession();
  WriterSession(const WriterSession&) = delete;
  WriterSession& operator=(const WriterSession&) = delete;

  // Runs fn with the open database, opening it first when needed; one call
  // at a time. Exceptions of fn and of opening propagate.
  void with_store(const std::function<void(Store&)>& fn);
  // Syncs the WAL of what with_store() callers wrote unsynced, without
  // excluding them meanwhile. Only for a held-open session: a transient one
  // may close the database in between (AuditError).
  void sync_wal();
  const std::string& db_dir() const { return db_dir_; }

 private:
  void closer_loop();
  void touched();

  const std::string db_dir_;
  const uint64_t lock_wait_ms_;
  const std::chrono::milliseconds linger_;
  const bool hold_open_;

  std::mutex mu_;  // one session at a time
  std::optional<HeldOpenMark> held_mark_;  // hold_open: while store_ is held (destroyed after it)
  std::unique_ptr<Store> store_;
  std::atomic<Store*> held_{nullptr};  // store_ when held open, for sync_wal()
  std::condition_variable closer_cv_;
  std::chrono::steady_clock::time_point last_use_;
  bool stopping_ = false;
  std::thread closer_;
};

}  // namespace mai::audit

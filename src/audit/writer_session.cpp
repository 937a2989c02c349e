#include "audit/writer_session.hpp"

#include "audit/error.hpp"
#include "audit/store.hpp"

namespace mai::audit {

WriterSession::WriterSession(std::string db_dir, uint64_t lock_wait_ms, uint64_t linger_ms, bool hold_open)
    : db_dir_(std::move(db_dir)),
      lock_wait_ms_(lock_wait_ms),
      linger_(std::chrono::milliseconds(linger_ms)),
      hold_open_(hold_open) {}

WriterSession::~WriterSession() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  closer_cv_.notify_all();
  if (closer_.joinable()) closer_.join();
}

void WriterSession::with_store(const std::function<void(Store&)>& fn) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!store_) {
    store_ = Store::open(db_dir_, Store::Mode::write, lock_wait_ms_);
    if (hold_open_) {
      held_ = store_.get();  // never closed before this session ends
      held_mark_.emplace(db_dir_);  // a writer waiting for it gives up at once
    }
  }
  struct Touch {
    WriterSession* s;
    ~Touch() { s->touched(); }
  } touch{this};
  fn(*store_);
}

void WriterSession::sync_wal() {
  // Not under mu_: the next batch holds it while it is chained and signed,
  // which is what this sync is to overlap with.
  Store* store = held_.load();
  if (!store) throw AuditError("the audit database is not held open: nothing to sync apart");
  store->sync_wal();
}

// Called with mu_ held, after every use (also a failed one).
void WriterSession::touched() {
  if (hold_open_) return;
  last_use_ = std::chrono::steady_clock::now();
  if (!closer_.joinable()) closer_ = std::thread([this] { closer_loop(); });
  closer_cv_.notify_all();
}

void WriterSession::closer_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    if (!store_) {
      closer_cv_.wait(lk);
      continue;
    }
    auto due = last_use_ + linger_;
    if (std::chrono::steady_clock::now() >= due) {
      store_.reset();  // let other processes in
      continue;
    }
    closer_cv_.wait_until(lk, due);
  }
  store_.reset();
}

}  // namespace mai::audit

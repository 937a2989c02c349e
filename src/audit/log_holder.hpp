// Who holds the audit database, for a writer that finds it locked.
//
// A service keeps the log open for its whole life (WriterSession hold_open);
// a `mai-sandbox run` on the same state directory would wait its whole
// lock_wait for it and then fail. So a holding service leaves a mark beside
// the database (DB.held-open: its pid), and a writer that finds the database
// locked by that very process (F_GETLK on RocksDB's LOCK file names it) gives
// up at once, saying which process holds it. A mark left by a killed service
// names a process that no longer holds the lock, and is ignored.
#pragma once
#include <sys/types.h>

#include <optional>
#include <string>

namespace mai::audit {

// Written once the database is open and held; removed when destroyed.
class HeldOpenMark {
 public:
  explicit HeldOpenMark(std::string db_dir);
  ~HeldOpenMark();
  HeldOpenMark(const HeldOpenMark&) = delete;
  HeldOpenMark& operator=(const HeldOpenMark&) = delete;

 private:
  std::string db_dir_;
};

// The process holding db_dir's write lock, if one does and it is visible
// from this pid namespace.
std::optional<pid_t> lock_holder(const std::string& db_dir);

// "pid N: its command line" when the lock's holder marked the database held
// open (a service), else nothing (free, or held by a short-lived writer).
std::optional<std::string> held_open_by(const std::string& db_dir);

}  // namespace mai::audit

// The audit databases' RocksDB info log: warnings and worse, appended to
// LOG in the database directory, as RocksDB would, but a failed write of it
// is ignored. On a full disk that file is the first to fail, and RocksDB's
// own logger (Debian builds RocksDB with its assertions on) then aborts the
// process when it logs the disk error; the audit log must instead report
// the failed write to its caller and the service keep running.
#pragma once
#include <memory>
#include <string>

namespace rocksdb {
class Logger;
}

namespace mai::audit {

// Opened on the first message (RocksDB creates the directory while opening).
std::shared_ptr<rocksdb::Logger> info_log_in(const std::string& db_dir);

}  // namespace mai::audit

// The file system the audit databases' RocksDB uses: the host's, except that
// the OPTIONS file RocksDB writes at every open is not synced (neither the
// file nor the directory after its rename). Those were two of the five
// syncs of an open, which a short-lived writer (`mai-sandbox run`) pays at
// every start; on a disk busy with others' writes each took 4-13 ms.
//
// Why nothing is lost: the OPTIONS file only records the options the
// database was opened with, for tools that load them. The log is always
// opened with its own options (store.cpp) and RocksDB does not read OPTIONS
// files when opening; a crash that loses the newest one (or leaves a torn
// one, or its .dbtmp) leaves an older copy or none, and the next open writes
// a new one. Records, WALs, MANIFEST and CURRENT are synced as before.
// Tested by opening a log whose OPTIONS files were torn or removed.
//
// And a new file's first sync does not fsync the directory again when a
// completed directory fsync already covers every entry made there (a writer's
// open fsyncs it after CURRENT's rename, after its new WAL was created):
// directory_entries.hpp.
#pragma once

#include "audit/directory_entries.hpp"

namespace rocksdb {
class Env;
}

namespace mai::audit {

// Process-wide, lives until the process ends (RocksDB needs its Env to
// outlive every database using it).
rocksdb::Env* log_env();

// The directory fsyncs made and left out through log_env() in this process.
DirectorySyncCounts log_directory_syncs();

}  // namespace mai::audit

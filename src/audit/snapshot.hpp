// A consistent, private copy of a live audit database for readers (verify,
// show, export, proofs), made without stopping the writer.
//
// Another process may be writing the database: `run` processes open and
// close it, and each open writes a new MANIFEST, flushes and deletes WAL and
// SST files. A reader that opens the live directory read-only can read a
// MANIFEST that names files deleted a moment later ("Can't access
// 000123.sst"), or miss the records of a WAL deleted after a flush it does
// not know about ("record 823 is missing"). So a reader opens a snapshot
// instead: the MANIFEST copied, every SST and WAL hard-linked (the same
// bytes; a link keeps a file that the writer deletes), and the whole taken
// again unless CURRENT and the MANIFEST were the same before and after the
// links. Every change of the file set (flush, compaction, a new writer)
// writes the MANIFEST first and deletes files only afterwards, so a snapshot
// with an unchanged MANIFEST holds every file it names; a WAL still being
// appended is read up to a whole write batch. Where hard links are not
// possible (another file system, no write access) the files are copied.
#pragma once
#include <memory>
#include <string>

namespace mai::audit {

class DbSnapshot {
 public:
  // Throws AuditError when no stable snapshot could be taken in time.
  static std::unique_ptr<DbSnapshot> take(const std::string& db_dir);
  ~DbSnapshot();  // removes the copy
  DbSnapshot(const DbSnapshot&) = delete;
  DbSnapshot& operator=(const DbSnapshot&) = delete;

  const std::string& dir() const { return dir_; }

 private:
  explicit DbSnapshot(std::string dir) : dir_(std::move(dir)) {}
  std::string dir_;
};

// Removes the directories <parent>/<prefix><pid>.<anything> of processes
// that no longer exist: what a snapshot or a database creation left behind
// when its process died.
void remove_abandoned_dirs(const std::string& parent, const std::string& prefix);

}  // namespace mai::audit

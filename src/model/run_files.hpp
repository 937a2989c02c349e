// Files that travel with a run: the inputs placed in /sandbox before the code
// starts, and the record of every file the code left behind.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai {

// One input: `name` is a relative path under /sandbox ("data.csv", "in/a.txt").
struct InputFile {
  std::string name;
  std::string data;
};

// What the submitter asks back.
struct FileRequest {
  bool collect_tmp = false;       // list /tmp too, not only /sandbox
  bool return_contents = false;   // bring the regular files' bytes back (--output-dir)
};

// One entry of the manifest: a file the code created or changed, as found
// after every process of the run was gone. Nothing here was followed: a
// symlink is recorded with its target text, a FIFO or socket by its kind.
struct FileRecord {
  std::string path;         // absolute inside the sandbox: "/sandbox/out.csv", "/tmp/x"
  std::string kind;         // "file", "symlink", "fifo", "socket", "device"
  uint64_t size = 0;        // regular files: st_size
  std::string sha256;       // regular files: hex; empty otherwise
  bool changed_input = false;  // an input (or the code) whose bytes changed
  uint32_t links = 1;       // st_nlink: >1 for a hard-linked file (read once, never trusted)
  std::string link_target;  // symlinks: what it points to (text only, never resolved)
  bool content_included = false;  // `content` holds the whole file
  std::string content;      // only with FileRequest::return_contents, within the caps
  std::string note;         // why the content was left out, when it was asked for
};

// The manifest of one run.
struct FileManifest {
  std::vector<FileRecord> files;
  uint64_t unlisted = 0;  // entries past the listing cap (counted, not listed)
  std::string note;       // e.g. why the listing stopped
};

}  // namespace mai

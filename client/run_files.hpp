// Files in and out, for the client library and the CLI alike: inputs read
// from the local disk into a Submission, and the files a run brought back
// written to a local directory. docs/sandbox.md, "Files in and out".
//
//   mai::Submission s;
//   s.inputs = mai::client::read_inputs({"data.csv", "images/=img"}, 64 << 20);
//   s.files.return_contents = true;
//   mai::RunResult r = c->submit(s);
//   mai::client::write_files(r, "out");   // out/sandbox/..., out/tmp/...
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "mai_sandbox_client.hpp"
#include "model/result.hpp"
#include "model/run_files.hpp"

namespace mai::client {

// Each spec is PATH or PATH=NAME (split at the last '='). A file becomes
// /sandbox/NAME (default: its base name); a directory puts each regular file
// beneath it at NAME/<relative path> (default NAME: the directory's base
// name). Symlinks (the PATH itself too), FIFOs, sockets and devices are
// refused, as are names that would leave /sandbox. At most `max_bytes` in
// all. Throws Error (Kind::usage) naming the spec.
std::vector<InputFile> read_inputs(const std::vector<std::string>& specs, uint64_t max_bytes);

// Writes every file whose content came back (FileRecord::content_included)
// to DIR + its sandbox path. The paths came from the sandbox, perhaps over
// the network: each must be a safe path beneath /sandbox or /tmp (others are
// skipped with a note on standard error), and is written by descending DIR
// one component at a time with O_NOFOLLOW, so nothing outside DIR is touched
// even if DIR already holds symlinks. Existing files are replaced. Returns
// how many were written; throws Error (Kind::usage) naming the file.
size_t write_files(const RunResult& result, const std::string& dir);

}  // namespace mai::client

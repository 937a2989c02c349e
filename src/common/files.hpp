// Small file-system helpers with error messages that name the path.
#pragma once
#include <string>
#include <sys/types.h>

namespace mai {

// Whole file as bytes; throws std::system_error naming the path.
std::string read_file(const std::string& path);
// Reads at most `limit` bytes; throws UsageError if the file is larger.
std::string read_file_limited(const std::string& path, size_t limit);
// Writes via a temporary file, fsync and rename, with the given mode.
void write_file_atomic(const std::string& path, const std::string& data, mode_t mode = 0644);
// mkdir -p with the given mode for directories it creates.
void make_dirs(const std::string& path, mode_t mode = 0755);
// rm -rf that does not follow symbolic links and stays on one file system.
void remove_tree(const std::string& path);
bool path_exists(const std::string& path);
bool is_directory(const std::string& path);
// The directory holding the running executable.
std::string executable_dir();

}  // namespace mai

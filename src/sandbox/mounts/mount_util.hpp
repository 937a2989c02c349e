// Thin wrappers over mount(2) and friends that throw with the step's name.
#pragma once
#include <string>
#include <sys/mount.h>
#include <sys/types.h>

namespace mai::sandbox::mnt {

[[noreturn]] void fail(const std::string& what);
void mount_fs(const char* src, const std::string& target, const char* type, unsigned long flags,
              const std::string& data);
// Bind `src` on `target`, then remount it read-only (plus `extra` flags),
// keeping the flags a user namespace may not clear (nosuid, nodev, atime...).
void bind(const std::string& src, const std::string& target, bool read_only,
          unsigned long extra = MS_NOSUID | MS_NODEV);
// Remount an existing mount read-only keeping its other flags.
void remount_ro(const std::string& target, unsigned long extra);
void make_dir(const std::string& path, mode_t mode);
void make_file(const std::string& path, const std::string& content, mode_t mode);
void make_symlink(const std::string& target, const std::string& link);

}  // namespace mai::sandbox::mnt

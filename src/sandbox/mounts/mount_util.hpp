// Thin wrappers over mount(2) and friends that throw with the step's name.
#pragma once
#include <cstdint>
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
// tmpfs options: a size cap, an inode cap to match (one per 4 KiB page, at
// least 16384), the root's mode, and `extra` ("uid=..,gid=..").
std::string tmpfs_opts(uint64_t bytes, const char* mode, const std::string& extra = "");
// Lazily unmounts `target` (MNT_DETACH, never following a symlink): gone
// from the tree at once, alive while a descriptor holds it. False if it was
// no mount point (or did not exist).
bool detach(const std::string& target);
void make_dir(const std::string& path, mode_t mode);
void make_file(const std::string& path, const std::string& content, mode_t mode);
void make_symlink(const std::string& target, const std::string& link);

}  // namespace mai::sandbox::mnt

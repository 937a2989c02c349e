#include "sandbox/id_lease.hpp"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <optional>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_set>

#include "common/error.hpp"
#include "common/files.hpp"
#include "sandbox/process_ids.hpp"

namespace mai::sandbox {

namespace {

enum class Taken { fresh, abandoned, busy };

struct IdLock {
  int fd = -1;
  Taken how = Taken::busy;
};

std::string lock_path(const std::string& dir, uint32_t id) { return dir + "/" + std::to_string(id); }

[[noreturn]] void unavailable(const std::string& what, int err) {
  throw SandboxError("ids_unavailable", "host id leases: " + what + ": " + std::strerror(err));
}

// Locks one id's file without waiting. `fresh`: we created it (nobody held
// the id); `abandoned`: it was there and nobody holds it; `busy`: held.
IdLock lock_id(const std::string& dir, uint32_t id) {
  std::string path = lock_path(dir, id);
  for (int attempt = 0; attempt < 64; ++attempt) {
    bool created = true;
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
      if (errno != EEXIST) unavailable("create " + path, errno);
      created = false;
      fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
      if (fd < 0) {
        if (errno == ENOENT) continue;  // released between the two opens
        unavailable("open " + path, errno);
      }
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      int err = errno;
      ::close(fd);
      if (err == EWOULDBLOCK) return {};
      if (err == EINTR) continue;
      unavailable("lock " + path, err);
    }
    // Released (and removed) by its holder while we were locking: we hold a
    // lock on a file nobody else will ever look at. Start again.
    struct stat st {};
    if (::fstat(fd, &st) != 0 || st.st_nlink == 0) {
      ::close(fd);
      continue;
    }
    return {fd, created ? Taken::fresh : Taken::abandoned};
  }
  return {};  // contended beyond reason: let the caller try another slot
}

// Lets go of one id's lock; `remove`: the id is free (we hold the lock, so
// the path is still our file).
void unlock_id(const std::string& dir, uint32_t id, int fd, bool remove) {
  if (remove) ::unlink(lock_path(dir, id).c_str());
  ::close(fd);
}

std::string span(uint64_t first, uint64_t count) {
  return std::to_string(first) + "-" + std::to_string(first + count - 1);
}

// Calls fn(id) for every lock file in `dir` (numeric names only).
template <class Fn>
void each_lock_file(const std::string& dir, Fn fn) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return;
  while (dirent* e = ::readdir(d)) {
    const char* n = e->d_name;
    if (n[0] < '0' || n[0] > '9' || std::strlen(n) > 10 || std::strspn(n, "0123456789") != std::strlen(n))
      continue;
    uint64_t id = std::stoull(n);
    if (id <= 0xffffffffULL) fn(static_cast<uint32_t>(id));
  }
  ::closedir(d);
}

}  // namespace

IdLease& IdLease::operator=(IdLease&& o) noexcept {
  if (this != &o) {
    release();
    dir_ = std::move(o.dir_);
    first_ = o.first_;
    count_ = o.count_;
    fds_ = std::move(o.fds_);
    vacated_ = o.vacated_;
    o.fds_.clear();
    o.vacated_ = false;
  }
  return *this;
}

std::vector<uint32_t> IdLease::ids() const {
  std::vector<uint32_t> v;
  for (uint32_t i = 0; i < count_ && held(); ++i) v.push_back(first_ + i);
  return v;
}

void IdLease::release() noexcept {
  if (fds_.empty()) return;
  // The cheap check: a run's processes all show one of its ids in /proc.
  bool free_ids = vacated_ && !any_process_owned_by(first_, count_);
  for (uint32_t i = 0; i < fds_.size(); ++i) unlock_id(dir_, first_ + i, fds_[i], free_ids);
  fds_.clear();
  vacated_ = false;
}

IdPool::IdPool(const config::IdRange& range, uint32_t per_run, std::string dir)
    : range_(range),
      per_run_(per_run == 0 ? 1 : per_run),
      slots_(range.count / per_run_),
      dir_(std::move(dir)),
      cursor_(std::random_device{}()) {}

IdLease IdPool::acquire() {
  try {
    make_dirs(dir_, 0700);
  } catch (const std::exception& e) {
    throw SandboxError("ids_unavailable", std::string("host id leases: ") + e.what());
  }
  // Which ids processes have: read only if an abandoned lease comes up.
  std::optional<std::unordered_set<uint32_t>> in_use;
  for (uint32_t tried = 0; tried < slots_; ++tried) {
    uint32_t slot = cursor_.fetch_add(1, std::memory_order_relaxed) % slots_;
    uint32_t first = range_.first + slot * per_run_;
    std::vector<IdLock> got;
    auto let_go = [&] {
      for (uint32_t i = 0; i < got.size(); ++i) unlock_id(dir_, first + i, got[i].fd, got[i].how == Taken::fresh);
    };
    bool busy = false, abandoned = false;
    try {
      for (uint32_t i = 0; i < per_run_ && !busy; ++i) {
        IdLock l = lock_id(dir_, first + i);
        if (l.how == Taken::busy) busy = true;
        else got.push_back(l);
        abandoned = abandoned || l.how == Taken::abandoned;
      }
    } catch (...) {
      let_go();
      throw;
    }
    if (!busy && abandoned) {
      // Its holder died: its run may still have processes (a container keeps
      // running, a dying sandbox is being torn down).
      if (!in_use) in_use = ids_of_all_processes();
      for (uint32_t i = 0; i < per_run_; ++i) busy = busy || in_use->count(first + i) > 0;
    }
    if (busy) {
      let_go();
      continue;
    }
    IdLease lease;
    lease.dir_ = dir_;
    lease.first_ = first;
    lease.count_ = per_run_;
    for (const auto& l : got) lease.fds_.push_back(l.fd);
    return lease;
  }
  throw SandboxError("ids_exhausted",
                     "every one of the " + std::to_string(slots_) + " runs' worth of host ids " +
                         span(range_.first, range_.count) +
                         " is in use on this host (by live runs, or by dead runs whose processes are still "
                         "alive); enlarge the ids range in sandbox.yaml or run fewer sandboxes at once");
}

LeaseCensus lease_census(const config::IdRange& range, uint32_t per_run, const std::string& dir) {
  std::unordered_set<uint32_t> held_slots, abandoned_slots;
  each_lock_file(dir, [&](uint32_t id) {
    if (id < range.first || id >= range.end() || per_run == 0) return;
    uint32_t slot = (id - range.first) / per_run;
    if (slot >= range.count / per_run) return;
    int fd = ::open(lock_path(dir, id).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
      held_slots.insert(slot);
    } else {
      struct stat st {};
      if (::fstat(fd, &st) == 0 && st.st_nlink > 0) abandoned_slots.insert(slot);
    }
    ::close(fd);
  });
  LeaseCensus c;
  c.held = static_cast<uint32_t>(held_slots.size());
  for (uint32_t s : abandoned_slots) c.abandoned += held_slots.count(s) ? 0 : 1;
  return c;
}

size_t reclaim_abandoned_leases(const std::string& dir) {
  std::vector<std::pair<uint32_t, int>> unheld;  // abandoned ids, locked by us for now
  each_lock_file(dir, [&](uint32_t id) {
    int fd = ::open(lock_path(dir, id).c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    struct stat st {};
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && ::fstat(fd, &st) == 0 && st.st_nlink > 0)
      unheld.emplace_back(id, fd);
    else
      ::close(fd);
  });
  if (unheld.empty()) return 0;
  auto in_use = ids_of_all_processes();
  size_t freed = 0;
  for (auto [id, fd] : unheld) {
    bool free_id = in_use.count(id) == 0;
    freed += free_id ? 1 : 0;
    unlock_id(dir, id, fd, free_id);
  }
  return freed;
}

}  // namespace mai::sandbox

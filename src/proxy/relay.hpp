// Moving bytes between two non-blocking sockets, and the budgets that bound
// them: what a sandbox may send (read-only: a tunnel cannot carry data out)
// and what it may receive.
#pragma once
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace mai::proxy {

struct Budget {
  uint64_t limit = 0;
  uint64_t used = 0;
  bool allows(uint64_t more) const { return more <= limit && used <= limit - more; }
};

// Shared by every connection of one run.
struct RunBudgets {
  Budget up;
  Budget down;
};

// Bytes waiting to be written to one socket.
struct Outbox {
  std::string data;
  size_t off = 0;
  size_t pending() const { return data.size() - off; }
  void add(std::string_view bytes);
};

enum class Io { progress, would_block, eof, error };

// Appends up to `max` bytes read from `fd` to `buf`; `n` is how many.
Io read_into(int fd, std::string& buf, size_t max, size_t& n);
// Writes as much of `out` as the socket takes; `n` is how many.
Io write_from(int fd, Outbox& out, size_t& n);

void set_nonblocking(int fd);
void close_fd(int& fd);

}  // namespace mai::proxy

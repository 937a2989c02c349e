// What a sandbox's system-call filter costs to install, in a fresh child as in
// the payload: libseccomp compiling the rules and the result loaded (what
// every payload did before the filters were compiled at build time) against
// the built-in program loaded with seccomp(2) (what it does now), against a
// child that installs nothing. Interleaved, one child each per round:
// medians of CPU (user + system of the child) and of wall (fork to reaped).
//   seccomp_load_bench [ROUNDS]
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "sandbox/seccomp_compile.hpp"
#include "sandbox/seccomp_policy.hpp"

using namespace mai::sandbox;

namespace {

struct Sample {
  double cpu_ms, wall_ms;
};

Sample in_child(const std::function<void()>& install) {
  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    install();
    ::_exit(0);
  }
  int status = 0;
  rusage ru{};
  ::wait4(pid, &status, 0, &ru);
  double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "seccomp_load_bench: a child failed (status %d)\n", status);
    std::exit(1);
  }
  double cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
  return {cpu, wall};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 200;
  if (rounds < 1) rounds = 200;
  const char* names[] = {"libseccomp compile + load", "built-in program, seccomp(2)", "nothing installed"};
  std::vector<std::function<void()>> peers = {
      [] {
        auto program = compile_seccomp_filter(true, true);
        sock_fprog fprog{static_cast<unsigned short>(program.size()), program.data()};
        if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &fprog) < 0)
          ::_exit(2);
      },
      [] {
        if (apply_seccomp_policy(true) < 0) ::_exit(2);
      },
      [] {},
  };
  std::vector<std::vector<double>> cpu(peers.size()), wall(peers.size()), diff_cpu(2), diff_wall(2);
  for (int r = 0; r < rounds + 5; ++r) {  // the first rounds warm the caches
    std::vector<Sample> row(peers.size());
    for (size_t k = 0; k < peers.size(); ++k) {
      size_t j = (static_cast<size_t>(r) + k) % peers.size();  // each round starts with another peer
      row[j] = in_child(peers[j]);
    }
    if (r < 5) continue;
    for (size_t k = 0; k < peers.size(); ++k) {
      cpu[k].push_back(row[k].cpu_ms);
      wall[k].push_back(row[k].wall_ms);
    }
    for (size_t k = 0; k < 2; ++k) {
      diff_cpu[k].push_back(row[k].cpu_ms - row[2].cpu_ms);
      diff_wall[k].push_back(row[k].wall_ms - row[2].wall_ms);
    }
  }
  std::printf("a payload's seccomp filter (write watch on), fresh child each, median of %d rounds (ms)\n", rounds);
  for (size_t k = 0; k < peers.size(); ++k)
    std::printf("  %-30s cpu %6.3f  wall %6.3f\n", names[k], median(cpu[k]), median(wall[k]));
  for (size_t k = 0; k < 2; ++k)
    std::printf("  %-30s over nothing: cpu %+6.3f  wall %+6.3f (medians of the rounds' differences)\n", names[k],
                median(diff_cpu[k]), median(diff_wall[k]));
  return 0;
}

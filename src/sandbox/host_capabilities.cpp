#include "sandbox/host_capabilities.hpp"

#include <cerrno>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/seccomp_policy.hpp"

namespace mai::sandbox {

namespace {

// Runs `fn` in a forked child; true if it returned 0.
template <typename F>
bool in_child(F fn) {
  pid_t pid = ::fork();
  if (pid < 0) return false;
  if (pid == 0) ::_exit(fn());
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

bool can_unshare(int flags) {
  return in_child([flags] { return ::unshare(CLONE_NEWUSER | flags) == 0 ? 0 : 1; });
}

// What a launch does: create a user namespace with a run's id as effective
// uid and gid (and so without effective capabilities), so that the id owns
// it. Refused where unprivileged user namespaces are off
// (kernel.unprivileged_userns_clone=0, AppArmor's restriction).
bool can_unshare_as(uint32_t id) {
  return in_child([id] {
    if (::setresgid(static_cast<gid_t>(-1), id, static_cast<gid_t>(-1)) != 0 ||
        ::setresuid(static_cast<uid_t>(-1), id, static_cast<uid_t>(-1)) != 0)
      return 1;
    return ::unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS) == 0 ? 0 : 2;
  });
}

bool seccomp_works() {
  return in_child([] {
    try {
      if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return 1;
      apply_seccomp_policy();
    } catch (...) {
      return 2;
    }
    // The filter must refuse unshare with EPERM.
    return ::unshare(CLONE_NEWUSER) != 0 && errno == EPERM ? 0 : 3;
  });
}

bool no_new_privs_works() {
  return in_child([] {
    return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && ::prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? 0 : 1;
  });
}

bool executable(const std::string& p) { return ::access(p.c_str(), X_OK) == 0; }

}  // namespace

bool is_static_executable(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr eh{};
  if (!in.read(reinterpret_cast<char*>(&eh), sizeof eh)) return false;
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64) return false;
  for (int i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph{};
    in.seekg(static_cast<std::streamoff>(eh.e_phoff + static_cast<uint64_t>(i) * eh.e_phentsize));
    if (!in.read(reinterpret_cast<char*>(&ph), sizeof ph)) return false;
    if (ph.p_type == PT_INTERP) return false;
  }
  return true;
}

std::vector<RunIdentities> run_identities(const config::SandboxConfig& cfg) {
  // Both backends: a uid of the run's own makes every per-user count of the
  // kernel the run's own.
  const std::vector<std::string> per_user = {
      "inotify instances and watches", "pipe buffer pages (fs.pipe-user-pages-soft)",
      "POSIX message queue bytes (RLIMIT_MSGQUEUE)", "pending signals (RLIMIT_SIGPENDING, set per run)",
      "processes (RLIMIT_NPROC, set per run)", "signals and ptrace by uid"};
  const std::string kernel_wide =
      "what the kernel counts host-wide, not per user: pid_max, threads-max, file-max, "
      "memory outside cgroups";
  auto entry = [&](const char* name, const config::IdRange& range, uint32_t per_run) {
    RunIdentities r;
    r.backend = name;
    r.range = range;
    r.ids_per_run = per_run;
    r.max_concurrent_runs = config::runs_in(range, per_run);
    LeaseCensus c = lease_census(range, per_run);
    r.leased = c.held;
    r.abandoned = c.abandoned;
    r.lock_dir = kIdLeaseDir;
    return r;
  };
  RunIdentities native = entry("native", cfg.native.ids, config::kNativeIdsPerRun);
  native.own = {"a host uid/gid pair: the owner of its user namespace (root inside) and uid 1000 inside"};
  native.own.insert(native.own.end(), per_user.begin(), per_user.end());
  native.shared = {kernel_wide};
  RunIdentities docker = entry("docker", cfg.docker.ids, config::kDockerIdsPerRun);
  docker.own = {"a host uid/gid: the container's user (no user namespace: it is a plain host uid)"};
  docker.own.insert(docker.own.end(), per_user.begin(), per_user.end());
  docker.shared = {
      "no user namespace: the container's uid is a host uid, its namespaces are owned by host root",
      "the Docker daemon and containerd: every create, start, attach and removal goes through them, "
      "so one run can slow (not starve) another's start and output",
      "the image's read-only layers (page cache)", kernel_wide};
  return {native, docker};
}

HostReport probe_host(const config::SandboxConfig& cfg, const std::string& scratch_root) {
  HostReport r;
  r.running_as_root = ::geteuid() == 0;
  auto add = [&](std::string name, bool ok, std::string detail, bool required = true) {
    r.features.push_back({std::move(name), ok, required, std::move(detail)});
  };
  add("root", r.running_as_root, r.running_as_root ? "running as root" : "the native backend needs root");

  const std::pair<const char*, int> ns[] = {{"user_namespace", 0},
                                            {"pid_namespace", CLONE_NEWPID},
                                            {"net_namespace", CLONE_NEWNET},
                                            {"mount_namespace", CLONE_NEWNS},
                                            {"ipc_namespace", CLONE_NEWIPC},
                                            {"uts_namespace", CLONE_NEWUTS},
                                            {"cgroup_namespace", CLONE_NEWCGROUP}};
  for (const auto& [name, flag] : ns) {
    bool ok = can_unshare(flag);
    add(name, ok, ok ? "unshare works" : "unshare refused by the kernel");
  }
  bool sc = seccomp_works();
  add("seccomp", sc, sc ? "filter loads and refuses unshare with EPERM" : "cannot load a seccomp filter");
  bool nnp = no_new_privs_works();
  add("no_new_privs", nnp, nnp ? "PR_SET_NO_NEW_PRIVS works" : "PR_SET_NO_NEW_PRIVS refused");

  CgroupLayout l = detect_cgroup_layout();
  r.cgroup_version = l.version;
  if (l.version == 2) {
    r.cgroup_controllers = l.v2_controllers;
    add("cgroup", true, "cgroup v2 at " + l.unified_root);
    bool swap = cgfs::exists("/proc/swaps");
    add("memory_swap_accounting", swap, "memory.swap.max is set to 0 for every run", false);
  } else if (l.version == 1) {
    std::string where;
    for (const auto& [c, p] : l.v1) {
      r.cgroup_controllers.push_back(c);
      where += (where.empty() ? "" : ", ") + c + "=" + p;
    }
    add("cgroup", true, "cgroup v1: " + where);
    bool memsw = cgfs::exists(l.v1["memory"] + "/memory.memsw.limit_in_bytes");
    add("memory_swap_accounting", memsw,
        memsw ? "memory.memsw.limit_in_bytes caps memory+swap"
              : "no memsw (boot with swapaccount=1); swappiness 0 is used instead",
        false);
  } else {
    add("cgroup", false, l.why_unusable);
  }

  std::string init = cfg.native.init_path.empty() ? executable_dir() + "/mai-sandbox-init" : cfg.native.init_path;
  bool init_ok = executable(init) && is_static_executable(init);
  add("init_helper", init_ok, init + (init_ok ? " (static)" : executable(init) ? " is not statically linked" : " not found"));
  bool py = executable(cfg.native.python);
  add("python", py, cfg.native.python + (py ? "" : " not found"));
  bool sh = executable(cfg.native.shell);
  add("shell", sh, cfg.native.shell + (sh ? "" : " not found"));

  // Run identities: the host-wide lease directory must be usable.
  std::string leases_why;
  bool leases_ok = false;
  try {
    make_dirs(kIdLeaseDir, 0700);
    leases_ok = ::access(kIdLeaseDir, W_OK) == 0;
    leases_why = std::string(kIdLeaseDir) + (leases_ok ? " (host-wide id leases)" : " is not writable");
  } catch (const std::exception& e) {
    leases_why = e.what();
  }
  add("id_leases", leases_ok, leases_why);
  if (leases_ok) {
    bool owned = false;
    std::string why;
    try {
      IdPool pool(cfg.native.ids, config::kNativeIdsPerRun);
      IdLease probe = pool.acquire();
      owned = can_unshare_as(probe.id(0));
      probe.vacated();  // the probe's child has exited
      why = owned ? "a run's id (" + std::to_string(probe.id(0)) + ") can create and own its namespaces"
                  : "a run's id cannot create a user namespace (kernel.unprivileged_userns_clone=0 or an "
                    "AppArmor/LSM restriction?)";
    } catch (const std::exception& e) {
      why = e.what();
    }
    add("userns_owned_by_run", owned, why);
  }

  bool bwrap = executable("/usr/bin/bwrap");
  add("bubblewrap", bwrap, bwrap ? "/usr/bin/bwrap (benchmarks)" : "not installed (only needed for benchmarks)", false);
  struct stat st {};
  bool docker = ::stat(cfg.docker.socket.c_str(), &st) == 0 && S_ISSOCK(st.st_mode);
  add("docker_socket", docker, cfg.docker.socket + (docker ? "" : " not present (docker backend unavailable)"), false);

  bool basics = true;
  for (const auto& f : r.features)
    if (f.required && !f.ok) basics = false;
  if (basics && !scratch_root.empty()) {
    std::string why;
    bool ok = false;
    try {
      RunSpec spec;
      spec.run_id = random_hex(16);
      spec.code = "exit 0\n";
      spec.language = Language::shell;
      spec.limits = clamp_to_host(cfg.limits_for(TrustLevel::untrusted));
      spec.limits.timeout_ms = 10000;
      spec.scratch_root = scratch_root;
      spec.output_flood_bytes = cfg.output_flood_bytes;
      auto sb = make_native_backend(cfg)->launch(spec);
      RawOutcome o = sb->wait();
      ok = o.exited && o.exit_status == 0;
      why = ok ? "ran `exit 0` in a full sandbox" : "test run did not exit 0: " + o.stderr_data;
    } catch (const std::exception& e) {
      why = e.what();
    }
    add("end_to_end", ok, why);
  }
  for (const auto& f : r.features)
    if (f.required && !f.ok) r.missing.push_back(f.name);
  r.native_ok = r.missing.empty();
  return r;
}

}  // namespace mai::sandbox

#include "sandbox/docker/container_spec.hpp"

#include <algorithm>
#include <cmath>

#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/environment.hpp"
#include "sandbox/mounts/mount_util.hpp"
#include "sandbox/run_rlimits.hpp"

namespace mai::sandbox::docker {

namespace {

using json = nlohmann::json;

std::string tmpfs(uint64_t bytes, const char* mode) {
  // Docker's default is noexec; native allows exec on /tmp and /sandbox, and so do we.
  return "rw,exec,nosuid,nodev," + mnt::tmpfs_opts(bytes, mode);
}

// The run's rlimits (the same as native's): nproc and sigpending count the run's own uid.
json ulimits(const Limits& l) {
  json u = json::array();
  for (const auto& r : run_rlimits(l))
    u.push_back({{"Name", r.docker_name}, {"Soft", static_cast<int64_t>(r.value)}, {"Hard", static_cast<int64_t>(r.value)}});
  return u;
}

// Setting MaskedPaths replaces Docker's list, so it is Docker 20.10's
// defaults plus what the native backend masks too: kallsyms (kernel symbols,
// with addresses where kptr_restrict and perf_event_paranoid allow) and
// config.gz (the kernel's build options). Docker leaves both readable.
json masked_paths() {
  return {"/proc/asound",  "/proc/acpi",         "/proc/kcore",       "/proc/keys",
          "/proc/latency_stats", "/proc/timer_list", "/proc/timer_stats", "/proc/sched_debug",
          "/proc/scsi",    "/proc/kallsyms",     "/proc/config.gz",   "/sys/firmware"};
}

// The hardening every container of a run gets, whatever it runs.
json hardened_host_config(const RunSpec& spec, const config::DockerSettings& d,
                          const std::string& seccomp_json) {
  const Limits& l = spec.limits;
  int64_t mem = static_cast<int64_t>(l.memory_bytes);
  json hc = {
      {"ReadonlyRootfs", true},
      {"Privileged", false},
      {"CapDrop", {"ALL"}},
      {"CapAdd", json::array()},
      {"SecurityOpt", {"no-new-privileges:true", "seccomp=" + seccomp_json}},
      {"Memory", mem},
      {"MemorySwap", mem},  // equal to Memory: no swap on top
      {"MemorySwappiness", 0},
      {"NanoCpus", static_cast<int64_t>(std::llround(l.cpus * 1e9))},
      {"PidsLimit", static_cast<int64_t>(l.pids)},
      {"ShmSize", static_cast<int64_t>(l.tmpfs_bytes)},
      {"IpcMode", "private"},
      {"PidMode", ""},
      {"CgroupnsMode", "private"},
      {"UTSMode", ""},
      {"Init", true},  // docker-init is pid 1 (unless ours is): the program gets the signal semantics it has natively
      {"OomKillDisable", false},
      {"AutoRemove", false},  // we remove it, after reading how it ended
      {"LogConfig", {{"Type", "none"}, {"Config", json::object()}}},  // output only via attach, never on the daemon's disk
      {"Ulimits", ulimits(l)},
      {"Devices", json::array()},
      {"MaskedPaths", masked_paths()},
      {"RestartPolicy", {{"Name", "no"}}},
  };
  if (!d.cgroup_parent.empty()) hc["CgroupParent"] = "/" + d.cgroup_parent + "/" + spec.run_id;
  return hc;
}

// "U:U": the run's own host id as uid and gid.
std::string user_of(uint32_t uid) { return std::to_string(uid) + ":" + std::to_string(uid); }

json labels(const RunSpec& spec, const std::string& role) {
  return {{kRunLabel, spec.run_id}, {kScratchLabel, spec.scratch_root}, {"mai-sandbox.role", role}};
}

}  // namespace

std::string run_container_name(const std::string& run_id) { return "mai-sandbox-" + run_id; }
std::string holder_container_name(const std::string& run_id) { return "mai-sandbox-" + run_id + "-net"; }

json run_container_body(const RunSpec& spec, const config::DockerSettings& d, const ContainerInputs& in) {
  bool py = spec.language == Language::python;
  bool deps = spec.network == NetworkMode::deps;
  const Limits& l = spec.limits;
  json hc = hardened_host_config(spec, d, in.seccomp_json);
  hc["NetworkMode"] = deps ? "container:" + in.holder_id : "none";
  // The host's tmpfs mounts (run_tmpfs.hpp): the only host paths the container sees.
  hc["Binds"] = {in.sandbox_host_path + ":/sandbox:rw"};
  hc["Tmpfs"] = {// sysfs and the cgroup tree masked by empty read-only tmpfs, as native has neither.
                 {"/sys", "ro,nosuid,nodev,noexec,mode=0555,nr_inodes=8"},
                 {"/sys/fs/cgroup", "ro,nosuid,nodev,noexec,mode=0555,nr_inodes=1"}};
  if (in.tmp_host_path.empty())
    hc["Tmpfs"]["/tmp"] = tmpfs(l.tmpfs_bytes, "1777");
  else
    hc["Binds"].push_back(in.tmp_host_path + ":/tmp:rw");
  json entrypoint = json::array();
  if (!in.watch_host_dir.empty()) {
    namespace w = docker_watch;
    hc["Binds"].push_back(in.init_host_path + ":" + w::kInitInContainer + ":ro");
    hc["Binds"].push_back(in.watch_host_dir + ":" + w::kDirInContainer + ":ro");
    entrypoint = {w::kInitInContainer, w::kEntryFlag, std::string(w::kDirInContainer) + "/" + w::kSocketName, "--"};
    // Our init is pid 1 instead of docker-init: it reaps as docker-init does,
    // and reports the program's end (init/docker_entry.hpp).
    hc["Init"] = false;
  }
  json body = {
      {"Image", d.image},
      {"Cmd", {py ? d.python : d.shell, "/sandbox/" + code_name(spec.language)}},
      {"Entrypoint", std::move(entrypoint)},
      {"Env", sandbox_environment(spec.network, deps ? kProxyPort : 0)},
      {"WorkingDir", "/sandbox"},
      {"User", user_of(in.uid)},
      {"Labels", labels(spec, "run")},
      {"AttachStdin", in.stdin_for_go},
      {"AttachStdout", true},
      {"AttachStderr", true},
      {"OpenStdin", in.stdin_for_go},
      {"StdinOnce", in.stdin_for_go},
      {"Tty", false},
      {"HostConfig", std::move(hc)},
  };
  // Docker refuses a hostname in another container's network namespace.
  if (!deps) {
    body["Hostname"] = "sandbox";
    body["NetworkDisabled"] = true;
  }
  return body;
}

json holder_container_body(const RunSpec& spec, const config::DockerSettings& d, uint32_t uid,
                           const std::string& seccomp_json) {
  json hc = hardened_host_config(spec, d, seccomp_json);
  hc["NetworkMode"] = "none";
  hc["Tmpfs"] = json::object();
  hc.erase("CgroupParent");  // its usage is not the program's
  hc["Memory"] = hc["MemorySwap"] = int64_t{32} << 20;
  hc["PidsLimit"] = 4;
  return {
      {"Image", d.image},
      {"Cmd", {"sleep", "infinity"}},
      {"Entrypoint", json::array()},
      {"Env", {"PATH=/usr/bin:/bin"}},
      {"User", user_of(uid)},
      {"Hostname", "sandbox"},
      {"Labels", labels(spec, "network")},
      {"AttachStdout", false},
      {"AttachStderr", false},
      {"Tty", false},
      {"HostConfig", std::move(hc)},
  };
}

}  // namespace mai::sandbox::docker

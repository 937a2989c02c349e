// The Docker backend's pure parts: the create body (every hardening field),
// the seccomp profile generated from the native table, the attach-stream
// demultiplexer and the end markers' finder. No daemon needed.
#include <gtest/gtest.h>

#include <linux/sched.h>
#include <map>
#include <set>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <fstream>
#include <mutex>
#include <thread>

#include "sandbox/docker/container_spec.hpp"
#include "sandbox/docker/docker_cleanup.hpp"
#include "sandbox/docker/docker_client.hpp"
#include "sandbox/docker/frame_demux.hpp"
#include "sandbox/docker/output_end.hpp"
#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/docker/seccomp_profile_json.hpp"
#include "sandbox/seccomp_table.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::docker;
using namespace mai::sandbox::test;
using json = nlohmann::json;

namespace {

RunSpec spec_for(NetworkMode net) {
  RunSpec s = make_spec("print(1)\n");
  s.network = net;
  return s;
}

constexpr uint32_t kLeasedUid = 1940007;  // as if leased from docker.ids

json body_for(NetworkMode net, const std::string& tmp_host_path = "") {
  auto cfg = test_config();
  ContainerInputs in;
  in.sandbox_host_path = "/state/runs/x/sandbox";
  in.tmp_host_path = tmp_host_path;
  in.holder_id = net == NetworkMode::deps ? "holder123" : "";
  in.seccomp_json = "{}";
  in.uid = kLeasedUid;
  return run_container_body(spec_for(net), cfg.docker, in);
}

std::string frame(int stream, const std::string& payload) {
  std::string h(8, '\0');
  h[0] = static_cast<char>(stream);
  uint32_t n = static_cast<uint32_t>(payload.size());
  h[4] = static_cast<char>(n >> 24);
  h[5] = static_cast<char>(n >> 16);
  h[6] = static_cast<char>(n >> 8);
  h[7] = static_cast<char>(n);
  return h + payload;
}

}  // namespace

TEST(sandboxDockerSpec, HardeningFields) {
  json b = body_for(NetworkMode::none);
  const json& hc = b["HostConfig"];
  Limits l = small_limits();
  // The run's own leased host id, never a shared one.
  EXPECT_EQ(b["User"], "1940007:1940007");
  EXPECT_EQ(b["Image"], test_config().docker.image);
  EXPECT_EQ(b["Cmd"], json({"/usr/bin/python3", "/sandbox/main.py"}));
  EXPECT_EQ(b["WorkingDir"], "/sandbox");
  EXPECT_EQ(b["NetworkDisabled"], true);
  EXPECT_EQ(b["Tty"], false);
  EXPECT_EQ(b["OpenStdin"], false);
  EXPECT_EQ(hc["ReadonlyRootfs"], true);
  EXPECT_EQ(hc["Privileged"], false);
  EXPECT_EQ(hc["CapDrop"], json({"ALL"}));
  EXPECT_TRUE(hc["CapAdd"].empty());
  EXPECT_EQ(hc["SecurityOpt"][0], "no-new-privileges:true");
  EXPECT_EQ(hc["SecurityOpt"][1].get<std::string>().rfind("seccomp=", 0), 0u);
  EXPECT_EQ(hc["NetworkMode"], "none");
  EXPECT_EQ(hc["Memory"], l.memory_bytes);
  EXPECT_EQ(hc["MemorySwap"], hc["Memory"]);
  EXPECT_EQ(hc["NanoCpus"], static_cast<int64_t>(l.cpus * 1e9));
  EXPECT_EQ(hc["PidsLimit"], l.pids);
  EXPECT_EQ(hc["ShmSize"], l.tmpfs_bytes);
  EXPECT_EQ(hc["CgroupnsMode"], "private");
  EXPECT_EQ(hc["IpcMode"], "private");
  EXPECT_EQ(hc["Init"], true);
  EXPECT_EQ(hc["AutoRemove"], false);
  EXPECT_EQ(hc["LogConfig"]["Type"], "none");
  EXPECT_TRUE(hc["Devices"].empty());
  // The only host path in the container: the run's own /sandbox (a host
  // tmpfs holding the code and the inputs, docker/run_tmpfs.hpp).
  EXPECT_EQ(hc["Binds"], json({"/state/runs/x/sandbox:/sandbox:rw"}));
  EXPECT_FALSE(hc.contains("Mounts"));
  EXPECT_FALSE(hc.contains("VolumesFrom"));
  EXPECT_FALSE(hc["Tmpfs"].contains("/sandbox"));
  std::string tmp = hc["Tmpfs"]["/tmp"];
  EXPECT_NE(tmp.find("size=" + std::to_string(l.tmpfs_bytes)), std::string::npos) << tmp;
  EXPECT_NE(tmp.find("nosuid,nodev"), std::string::npos) << tmp;
  // The same rlimits as native: nproc above pids.max (the cgroup stays the first limit).
  std::map<std::string, int64_t> ulimits;
  for (const auto& u : hc["Ulimits"]) {
    EXPECT_EQ(u["Soft"], u["Hard"]) << u;
    ulimits[u["Name"]] = u["Hard"];
  }
  EXPECT_EQ(ulimits, (std::map<std::string, int64_t>{{"core", 0},
                                                     {"nofile", 1024},
                                                     {"fsize", static_cast<int64_t>(l.tmpfs_bytes)},
                                                     {"nproc", static_cast<int64_t>(l.pids) + 4},
                                                     {"sigpending", 1024},
                                                     {"rtprio", 0},
                                                     {"nice", 0}}));
  for (const char* p : {"/sys", "/sys/fs/cgroup"})
    EXPECT_EQ(hc["Tmpfs"][p].get<std::string>().rfind("ro,", 0), 0u) << p;
  EXPECT_EQ(hc["CgroupParent"], "/mai-sandbox-docker-test/" + b["Labels"][kRunLabel].get<std::string>());
  EXPECT_EQ(b["Labels"][kScratchLabel], scratch_root());
  for (const auto& e : b["Env"]) EXPECT_EQ(e.get<std::string>().find("PROXY"), std::string::npos) << e;
}

TEST(sandboxDockerSpec, CollectedTmpIsTheHostsTmpfsToo) {
  json hc = body_for(NetworkMode::none, "/state/runs/x/tmp")["HostConfig"];
  EXPECT_EQ(hc["Binds"], json({"/state/runs/x/sandbox:/sandbox:rw", "/state/runs/x/tmp:/tmp:rw"}));
  EXPECT_FALSE(hc["Tmpfs"].contains("/tmp"));
  EXPECT_FALSE(hc["Tmpfs"].contains("/sandbox"));
}

// Counting refused writes: the host's static init, as pid 1, starts the
// program after handing its listener over; both host paths read-only.
TEST(sandboxDockerSpec, WatchedRunsStartThroughTheInitBoundReadOnly) {
  auto cfg = test_config();
  ContainerInputs in;
  in.sandbox_host_path = "/state/runs/x/sandbox";
  in.seccomp_json = "{}";
  in.uid = kLeasedUid;
  in.init_host_path = "/opt/mai/bin/mai-sandbox-init";
  in.watch_host_dir = "/state/runs/x/watch";
  json b = run_container_body(spec_for(NetworkMode::none), cfg.docker, in);
  EXPECT_EQ(b["HostConfig"]["Binds"], json({"/state/runs/x/sandbox:/sandbox:rw",
                                            "/opt/mai/bin/mai-sandbox-init:/.mai-sandbox/init:ro",
                                            "/state/runs/x/watch:/.mai-sandbox/watch:ro"}));
  EXPECT_EQ(b["Entrypoint"], json({"/.mai-sandbox/init", "--watch-writes", "/.mai-sandbox/watch/socket", "--"}));
  EXPECT_EQ(b["Cmd"], json({"/usr/bin/python3", "/sandbox/main.py"}));
  // Our init is pid 1 in docker-init's place: it reaps, and reports the end.
  EXPECT_EQ(b["HostConfig"]["Init"], false);
  // Not counting: no entrypoint of ours, nothing more bound, docker-init is pid 1.
  EXPECT_EQ(body_for(NetworkMode::none)["Entrypoint"], json::array());
  EXPECT_EQ(body_for(NetworkMode::none)["HostConfig"]["Init"], true);
}

TEST(sandboxDockerSpec, DepsJoinsTheHolderAndSetsTheProxy) {
  json b = body_for(NetworkMode::deps);
  EXPECT_EQ(b["HostConfig"]["NetworkMode"], "container:holder123");
  EXPECT_FALSE(b.contains("Hostname"));  // refused by Docker in a shared namespace
  std::set<std::string> env(b["Env"].begin(), b["Env"].end());
  for (const char* v : {"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"})
    EXPECT_TRUE(env.count(std::string(v) + "=http://127.0.0.1:" + std::to_string(kProxyPort))) << v;
  auto cfg = test_config();
  json h = holder_container_body(spec_for(NetworkMode::deps), cfg.docker, kLeasedUid, "{}");
  EXPECT_EQ(h["User"], "1940007:1940007");  // the run's uid: its processes count against the run only
  EXPECT_EQ(h["HostConfig"]["NetworkMode"], "none");
  EXPECT_EQ(h["HostConfig"]["ReadonlyRootfs"], true);
  EXPECT_EQ(h["HostConfig"]["CapDrop"], json({"ALL"}));
  EXPECT_FALSE(h["HostConfig"].contains("Binds"));
}

TEST(sandboxDockerSpec, ShellRunsTheShellAsTheLeasedUid) {
  auto cfg = test_config();
  RunSpec s = make_spec("echo hi\n", Language::shell);
  ContainerInputs in;
  in.sandbox_host_path = "/s";
  in.seccomp_json = "{}";
  in.uid = 2000123;
  json b = run_container_body(s, cfg.docker, in);
  EXPECT_EQ(b["Cmd"], json({"/bin/sh", "/sandbox/main.sh"}));
  EXPECT_EQ(b["User"], "2000123:2000123");
}

TEST(sandboxDockerSeccomp, ProfileIsTheNativeTable) {
  json p = seccomp_profile_json();
  EXPECT_EQ(p["defaultAction"], "SCMP_ACT_ALLOW");
  EXPECT_EQ(p["architectures"], json({"SCMP_ARCH_X86_64"}));
  const auto& rules = seccomp_rules();
  ASSERT_EQ(p["syscalls"].size(), rules.size());
  for (size_t i = 0; i < rules.size(); ++i) {
    const json& r = p["syscalls"][i];
    EXPECT_EQ(r["names"], json({rules[i].name}));
    EXPECT_EQ(r["action"], "SCMP_ACT_ERRNO");
    EXPECT_EQ(r["errnoRet"], rules[i].errno_value);
    EXPECT_EQ(r.contains("args") ? r["args"].size() : 0u, rules[i].args.size());
  }
  // Spot checks of the three argument forms.
  std::set<std::string> plain;
  bool clone_newuser = false, socket_gt = false;
  for (const auto& r : p["syscalls"]) {
    std::string name = r["names"][0];
    if (!r.contains("args")) plain.insert(name);
    if (name == "clone" && r["args"][0]["op"] == "SCMP_CMP_MASKED_EQ" &&
        r["args"][0]["value"] == CLONE_NEWUSER && r["args"][0]["valueTwo"] == CLONE_NEWUSER)
      clone_newuser = true;
    if (name == "socket" && r["args"][0]["op"] == "SCMP_CMP_GT") socket_gt = true;
  }
  for (const char* n : {"mount", "unshare", "setns", "ptrace", "bpf", "keyctl", "perf_event_open",
                        "io_uring_setup", "userfaultfd", "kexec_load", "init_module", "clone3"})
    EXPECT_TRUE(plain.count(n)) << n;
  EXPECT_TRUE(clone_newuser);
  EXPECT_TRUE(socket_gt);
}

TEST(sandboxDockerDemux, FramesSplitAnywhere) {
  std::string out, err;
  std::string stream = frame(1, "hello ") + frame(2, "oops\n") + frame(1, "world\n") + frame(1, "");
  // Every split point, byte by byte included.
  for (size_t step : {size_t{1}, size_t{3}, size_t{7}, size_t{8}, stream.size()}) {
    out.clear();
    err.clear();
    FrameDemux d([&](int s, const char* p, size_t n) { (s == 1 ? out : err).append(p, n); });
    for (size_t i = 0; i < stream.size(); i += step)
      EXPECT_TRUE(d.feed(stream.data() + i, std::min(step, stream.size() - i)));
    EXPECT_EQ(out, "hello world\n") << step;
    EXPECT_EQ(err, "oops\n") << step;
    EXPECT_TRUE(d.idle());
  }
}

TEST(sandboxDockerDemux, UnknownStreamStopsTheDemux) {
  std::string out;
  FrameDemux d([&](int, const char* p, size_t n) { out.append(p, n); });
  EXPECT_FALSE(d.feed((frame(1, "ok") + frame(7, "bad") + frame(1, "never")).data(), 8 + 2 + 8 + 3 + 8 + 5));
  EXPECT_TRUE(d.broken());
  EXPECT_EQ(out, "ok");
}

namespace {

// What OutputEnd passes on for `stream` fed in pieces cut at `cuts`, and
// whether it saw the end (flushed at the stream's end if not).
std::pair<std::string, bool> through_end(const std::string& marker, const std::string& stream,
                                         const std::vector<size_t>& cuts) {
  OutputEnd end(marker);
  std::string got;
  auto sink = [&](const char* p, size_t n) { got.append(p, n); };
  size_t at = 0;
  for (size_t cut : cuts) {
    end.feed(stream.data() + at, cut - at, sink);
    at = cut;
  }
  end.feed(stream.data() + at, stream.size() - at, sink);
  bool ended = end.ended();
  end.flush(sink);
  return {got, ended};
}

}  // namespace

// The marker ends the output wherever the attach stream's reads cut it;
// what follows it is dropped; what only looked like its beginning is output.
TEST(sandboxDockerOutputEnd, TheMarkerEndsTheOutputWhereverItIsCut) {
  const std::string marker = docker_watch::end_marker("0123456789abcdef0123456789abcdef");
  ASSERT_EQ(marker.size(), 50u);
  const std::string output = std::string("line one\n\0mai-sandbox-end:0123 (a near miss)\n", 45) + "tail";
  const std::string stream = output + marker + "after the end";
  for (size_t a = 0; a <= stream.size(); ++a)
    for (size_t b = a; b <= stream.size(); b += 7) {
      auto [got, ended] = through_end(marker, stream, {a, b});
      ASSERT_TRUE(ended) << a << " " << b;
      ASSERT_EQ(got, output) << a << " " << b;
    }
  // Without the marker (the init was killed): everything, held-back bytes included.
  for (size_t cut = 0; cut <= output.size(); ++cut) {
    std::string cut_short = output + marker.substr(0, 20);
    auto [got, ended] = through_end(marker, cut_short, {std::min(cut, cut_short.size())});
    EXPECT_FALSE(ended);
    EXPECT_EQ(got, cut_short);
  }
  // Another run's marker (another secret) is output like any other bytes.
  std::string other = docker_watch::end_marker("ffffffffffffffffffffffffffffffff") + "more";
  EXPECT_EQ(through_end(marker, other, {}).first, other);
  EXPECT_FALSE(through_end(marker, other, {}).second);
  // No marker expected: a plain pass-through.
  EXPECT_EQ(through_end("", stream, {3}).first, stream);
}

namespace {
bool libcurl_mapped() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line))
    if (line.find("libcurl") != std::string::npos) return true;
  return false;
}

// A stand-in for the Docker daemon on a unix socket: answers every request
// with 200, an API-Version header and the body "[]" (an empty list), and
// keeps each request's first line.
class FakeDaemon {
 public:
  FakeDaemon() : path_("/tmp/mai-fake-docker-" + std::to_string(::getpid()) + "-" + random_hex(4) + ".sock") {
    listener_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path_.c_str());
    if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::listen(listener_, 8) != 0)
      throw std::runtime_error("fake daemon: cannot listen");
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeDaemon() {
    ::shutdown(listener_, SHUT_RDWR);
    thread_.join();
    ::close(listener_);
    ::unlink(path_.c_str());
  }
  const std::string& path() const { return path_; }
  std::vector<std::string> requests() {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }

 private:
  void serve() {
    for (;;) {
      int c = ::accept(listener_, nullptr, nullptr);
      if (c < 0) return;
      std::string request;
      char buf[4096];
      for (;;) {
        while (request.find("\r\n\r\n") == std::string::npos) {
          ssize_t n = ::read(c, buf, sizeof buf);
          if (n <= 0) break;
          request.append(buf, static_cast<size_t>(n));
        }
        size_t end = request.find("\r\n\r\n");
        if (end == std::string::npos) break;
        {
          std::lock_guard<std::mutex> lock(mu_);
          requests_.push_back(request.substr(0, request.find("\r\n")));
        }
        request.erase(0, end + 4);
        std::string reply = "HTTP/1.1 200 OK\r\nApi-Version: 1.43\r\nContent-Length: 2\r\n\r\n[]";
        if (::write(c, reply.data(), reply.size()) != static_cast<ssize_t>(reply.size())) break;
      }
      ::close(c);
    }
  }
  std::string path_;
  int listener_ = -1;
  std::thread thread_;
  std::mutex mu_;
  std::vector<std::string> requests_;
};
}  // namespace

// libcurl is loaded only when a Docker client is made (docker/curl_library.hpp),
// and the loaded library serves a real call.
TEST(sandboxDockerClient, LibcurlIsLoadedOnlyWhenAClientIsMade) {
  EXPECT_FALSE(libcurl_mapped()) << "libcurl is linked again: every process pays for its loading";
  FakeDaemon daemon;
  Client client(daemon.path());
  EXPECT_TRUE(libcurl_mapped());
  auto r = client.call("GET", "/_ping", "", 5000);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "[]");
  EXPECT_EQ(daemon.requests(), std::vector<std::string>{"GET /_ping HTTP/1.1"});
}

// The stale-run sweep asks the daemon only for a scratch root where a
// container was ever made (a `run` on the native backend never waits for it).
TEST(sandboxDockerSweep, AsksTheDaemonOnlyWhereContainersWereMade) {
  FakeDaemon daemon;
  std::string root = scratch_base() + "/sweep-" + random_hex(4);
  make_dirs(root, 0700);
  config::DockerSettings cfg;
  cfg.socket = daemon.path();
  remove_stale_containers(root, cfg, {});
  EXPECT_TRUE(daemon.requests().empty());
  note_docker_runs(root);
  note_docker_runs(root);  // again: harmless
  remove_stale_containers(root, cfg, {});
  auto asked = daemon.requests();
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[0], "GET /_ping HTTP/1.1");
  EXPECT_NE(asked[1].find("/containers/json"), std::string::npos) << asked[1];
  remove_tree(root);
}

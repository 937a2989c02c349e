// Shared helpers of the sandbox tests: the built-in config pointed at the
// freshly built helper, a scratch root, one-call runs, and the fixture that
// runs a suite on both backends (native and docker).
#pragma once
#include <sched.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <unistd.h>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/docker/container_spec.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox::test {

inline config::SandboxConfig test_config() {
  auto cfg = config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
  cfg.native.init_path = MAI_TEST_INIT_PATH;  // the freshly built helper (CMake)
  cfg.native.cgroup_parent = "mai-sandbox-test";
  cfg.docker.cgroup_parent = "mai-sandbox-docker-test";
  return cfg;
}

// The backend a parameterized test runs on (BackendTest sets it).
enum class BackendKind { native, docker };
inline BackendKind& current_kind() {
  static BackendKind k = BackendKind::native;
  return k;
}
inline bool on_docker() { return current_kind() == BackendKind::docker; }

// Why the docker tests cannot run here ("" when they can): no daemon, or no image.
inline const std::string& docker_unavailable_reason() {
  static const std::string why = [] {
    DockerStatus s = probe_docker(test_config().docker);
    if (s.daemon && s.image) return std::string();
    return "no usable Docker daemon (start dockerd and run tools/build-docker-image.sh): " + s.problem;
  }();
  return why;
}

inline std::unique_ptr<Backend> make_backend(BackendKind k, const config::SandboxConfig& cfg = test_config()) {
  return k == BackendKind::docker ? make_docker_backend(cfg) : make_native_backend(cfg);
}

// One backend of each kind for the whole test binary.
inline Backend& backend() {
  static auto native = make_native_backend(test_config());
  static std::unique_ptr<Backend> docker;
  if (!on_docker()) return *native;
  if (!docker) docker = make_docker_backend(test_config());
  return *docker;
}

// Containers (running or not) labelled with a run id: what a run left behind.
inline std::vector<std::string> docker_containers_of(const std::string& run_id) {
  docker::Client c(test_config().docker.socket);
  c.negotiate();
  std::vector<std::string> ids;
  for (const auto& e : docker::containers_with_label(c, std::string(docker::kRunLabel) + "=" + run_id))
    ids.push_back(e.value("Id", std::string("?")));
  return ids;
}

// This test process's own: a random part besides the pid, since a pid is
// reused within one suite (pid_max 32768) and an earlier process's leftovers
// (a mount still in place) failed a later one's cleanup.
inline std::string scratch_base() {
  static const std::string base = "/tmp/mai-sandbox-test-" + std::to_string(::getpid()) + "-" + random_hex(4);
  return base;
}

inline std::string scratch_root() {
  static const std::string root = [] {
    std::string r = scratch_base() + "/runs";
    make_dirs(r, 0700);
    return r;
  }();
  return root;
}

// Removes this process's scratch root when the tests are done: every run
// removed its own directory (once the reaper is through), so what is left is
// the empty root itself.
// The tests' parent cgroups stay, empty (as mai-sandbox and
// mai-sandbox-docker do in use): removing one raced with another test
// process (ctest -j) between creating the parent and its run below it, and
// failed that run.
class ScratchCleanup : public ::testing::Environment {
 public:
  // Fixed before any test forks: a forked child's runs then go under its
  // parent's base, which the parent removes (a child that named its own
  // base ends with _exit and left it behind).
  ScratchCleanup() { scratch_base(); }
  void TearDown() override {
    // Spent runs still queued for removal would otherwise be cut off by the
    // exit, their tmpfs mounts (a warm Docker run's) left in place.
    RunDirReaper::flush_if_used();
    remove_tree(scratch_base());
  }
};
inline ::testing::Environment* const kScratchCleanup =
    ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

// Small limits so the battery stays fast.
inline Limits small_limits() {
  Limits l;
  l.cpus = 1;
  l.memory_bytes = 128ull << 20;
  l.pids = 32;
  l.timeout_ms = 5000;
  l.tmpfs_bytes = 16ull << 20;
  l.output_bytes = 1 << 20;
  return l;
}

inline RunSpec make_spec(const std::string& code, Language lang = Language::python,
                         Limits limits = small_limits()) {
  RunSpec s;
  s.run_id = random_hex(16);
  s.code = code;
  s.language = lang;
  s.limits = limits;
  s.scratch_root = scratch_root();
  s.output_flood_bytes = 8ull << 20;
  return s;
}

inline RawOutcome run(const std::string& code, Language lang = Language::python,
                      Limits limits = small_limits()) {
  auto sb = backend().launch(make_spec(code, lang, limits));
  return sb->wait();
}

inline bool is_root() { return ::geteuid() == 0; }

// The CPUs this process may run on, as Python prints sorted(os.sched_getaffinity(0)).
inline std::string own_cpu_list() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return "?";
  std::string out = "[";
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) out += (out.size() > 1 ? ", " : "") + std::to_string(c);
  return out + "]\n";
}
// A program that prints the CPUs it may run on.
constexpr const char* kPrintCpuList = "import os\nprint(sorted(os.sched_getaffinity(0)))\n";

#define MAI_REQUIRE_ROOT() \
  if (!::mai::sandbox::test::is_root()) GTEST_SKIP() << "the sandbox tests need root"

// Suites whose tests run once per backend: TEST_P(Suite, Name) after
// MAI_BACKEND_SUITE(Suite) in one source file of the binary (others use
// MAI_BACKEND_SUITE_DECL). Docker cases skip, saying why, only where no daemon runs.
class BackendTest : public ::testing::TestWithParam<BackendKind> {
 protected:
  void SetUp() override {
    current_kind() = GetParam();
    if (GetParam() == BackendKind::docker && !docker_unavailable_reason().empty())
      GTEST_SKIP() << docker_unavailable_reason();
  }
  void TearDown() override { current_kind() = BackendKind::native; }
};

inline std::string backend_name(const ::testing::TestParamInfo<BackendKind>& i) {
  return i.param == BackendKind::docker ? "docker" : "native";
}

#define MAI_BACKEND_SUITE_DECL(suite) \
  class suite : public ::mai::sandbox::test::BackendTest {}
#define MAI_BACKEND_SUITE(suite)                                                               \
  MAI_BACKEND_SUITE_DECL(suite);                                                               \
  INSTANTIATE_TEST_SUITE_P(, suite,                                                            \
                           ::testing::Values(::mai::sandbox::test::BackendKind::native,        \
                                             ::mai::sandbox::test::BackendKind::docker),       \
                           ::mai::sandbox::test::backend_name)

// An attack or check that does not apply to Docker; the reason is printed.
#define MAI_NATIVE_ONLY(reason) \
  if (::mai::sandbox::test::on_docker()) GTEST_SKIP() << "native only: " << reason

}  // namespace mai::sandbox::test

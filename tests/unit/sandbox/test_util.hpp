// Shared helpers of the sandbox tests: the built-in config pointed at the
// freshly built helper, a scratch root, and one-call runs.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <unistd.h>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox::test {

inline config::SandboxConfig test_config() {
  auto cfg = config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
  cfg.native.init_path = MAI_TEST_INIT_PATH;  // the freshly built helper (CMake)
  cfg.native.cgroup_parent = "mai-sandbox-test";
  return cfg;
}

inline std::string scratch_base() { return "/tmp/mai-sandbox-test-" + std::to_string(::getpid()); }

inline std::string scratch_root() {
  static const std::string root = [] {
    std::string r = scratch_base() + "/runs";
    make_dirs(r, 0700);
    return r;
  }();
  return root;
}

// Removes this process's scratch root when the tests are done: every run
// removed its own directory, so what is left is the empty root itself.
// Also removes the tests' parent cgroups when no other test process uses them.
class ScratchCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    remove_tree(scratch_base());
    CgroupLayout l = detect_cgroup_layout();
    if (l.version == 2) ::rmdir((l.unified_root + "/mai-sandbox-test").c_str());
    if (l.version == 1)
      for (const auto& [ctrl, root] : l.v1) ::rmdir((root + "/mai-sandbox-test").c_str());
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
  static auto backend = make_native_backend(test_config());
  auto sb = backend->launch(make_spec(code, lang, limits));
  return sb->wait();
}

inline bool is_root() { return ::geteuid() == 0; }

#define MAI_REQUIRE_ROOT() \
  if (!::mai::sandbox::test::is_root()) GTEST_SKIP() << "the native sandbox tests need root"

}  // namespace mai::sandbox::test

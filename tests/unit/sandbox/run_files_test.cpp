// Files in and out of a run: the manifest walker attacked on a host directory
// (symlinks, FIFOs, hard links, many files, caps), then real runs on both
// backends (native, docker) with inputs, outputs, hostile files, a run
// killed mid-write, and cleanup that follows nothing the code planted.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <map>

#include "common/relative_path.hpp"
#include "common/sha256.hpp"
#include "model/submission_check.hpp"
#include "sandbox/file_manifest.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

void put(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary);
  f << data;
}

const FileRecord* find(const FileManifest& m, const std::string& path) {
  for (const auto& f : m.files)
    if (f.path == path) return &f;
  return nullptr;
}

// A fresh host directory for the walker, removed afterwards.
struct TempDir {
  std::string path = scratch_base() + "/manifest-" + random_hex(8);
  TempDir() { make_dirs(path, 0700); }
  ~TempDir() { remove_tree(path); }
};

FileManifest walk(const std::string& dir, const ManifestLimits& limits,
                  const std::map<std::string, std::string>& baseline = {}) {
  int fd = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  ManifestBuilder b(limits);
  b.add_mount(fd, "/sandbox", baseline);
  ::close(fd);
  return b.take();
}

ManifestLimits with_contents(uint64_t per_file = 1 << 20, uint64_t total = 4 << 20) {
  ManifestLimits l;
  l.contents = true;
  l.max_file_bytes = per_file;
  l.max_total_bytes = total;
  return l;
}

}  // namespace

TEST(sandboxFiles, NamesThatLeaveTheDirectoryAreRefused) {
  for (const char* bad : {"", "/etc/passwd", "..", "../x", "a/../../x", "a//b", "./a", "a/.",
                          "a\nb", "a/"})
    EXPECT_TRUE(relative_path_problem(bad)) << bad;
  EXPECT_TRUE(relative_path_problem(std::string(300, 'a')));
  for (const char* good : {"data.csv", "in/a.txt", "..x", "a..b/c", "x y"})
    EXPECT_FALSE(relative_path_problem(good)) << good;

  EXPECT_TRUE(check_input_names({{"a", ""}, {"a", ""}}));             // twice
  EXPECT_TRUE(check_input_names({{"a", ""}, {"a/b", ""}}));           // file and directory
  EXPECT_TRUE(check_input_names({{"main.py", ""}}));                  // the code's own
  EXPECT_TRUE(check_input_names({{"../../etc/shadow", ""}}));
  EXPECT_FALSE(check_input_names({{"a/b", ""}, {"a/c", ""}, {"b", ""}}));
  EXPECT_TRUE(check_input_sizes({{"a", "12345"}}, 10, 4));
  EXPECT_TRUE(check_input_sizes({{"a", ""}, {"b", ""}}, 1, 100));
  EXPECT_FALSE(check_input_sizes({{"a", "1234"}}, 1, 4));
  Submission s;
  s.inputs = {{"../x", "data"}};
  EXPECT_TRUE(check_submission_fields(s));
}

// Nothing is followed: the symlink to /etc/passwd is its target text, the FIFO
// is never opened (the walk would hang), the socket is listed by kind.
TEST(sandboxFiles, WalkerRecordsButNeverFollows) {
  TempDir d;
  put(d.path + "/plain.txt", "hello");
  ASSERT_EQ(::symlink("/etc/passwd", (d.path + "/passwd").c_str()), 0);
  ASSERT_EQ(::symlink("/etc", (d.path + "/etc-dir").c_str()), 0);
  ASSERT_EQ(::mkfifo((d.path + "/fifo").c_str(), 0644), 0);
  int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::string sock = d.path + "/sock";
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", sock.c_str());
  ASSERT_EQ(::bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ::close(s);

  auto m = walk(d.path, with_contents());
  ASSERT_EQ(m.files.size(), 5u);
  const auto* link = find(m, "/sandbox/passwd");
  ASSERT_TRUE(link);
  EXPECT_EQ(link->kind, "symlink");
  EXPECT_EQ(link->link_target, "/etc/passwd");
  EXPECT_EQ(link->sha256, "");
  EXPECT_FALSE(link->content_included);
  EXPECT_EQ(find(m, "/sandbox/etc-dir")->kind, "symlink");  // not walked into
  EXPECT_EQ(find(m, "/sandbox/fifo")->kind, "fifo");
  EXPECT_EQ(find(m, "/sandbox/sock")->kind, "socket");
  const auto* plain = find(m, "/sandbox/plain.txt");
  EXPECT_EQ(plain->kind, "file");
  EXPECT_EQ(plain->size, 5u);
  EXPECT_EQ(plain->sha256, sha256_hex("hello"));
  EXPECT_EQ(plain->content, "hello");
  for (const auto& f : m.files) EXPECT_EQ(f.path.find("/etc/passwd:"), std::string::npos);
}

TEST(sandboxFiles, HardLinksAreListedPerNameAndHashedOnce) {
  TempDir d;
  put(d.path + "/big", std::string(100000, 'x'));
  for (int i = 0; i < 50; ++i)
    ASSERT_EQ(::link((d.path + "/big").c_str(), (d.path + "/l" + std::to_string(i)).c_str()), 0);
  // Content: the total cap stops the 51 names of one file from costing 51 times.
  auto m = walk(d.path, with_contents(200000, 250000));
  ASSERT_EQ(m.files.size(), 51u);
  size_t with_content = 0;
  for (const auto& f : m.files) {
    EXPECT_EQ(f.links, 51u);
    EXPECT_EQ(f.sha256, sha256_hex(std::string(100000, 'x')));
    with_content += f.content_included;
  }
  EXPECT_EQ(with_content, 2u);
}

TEST(sandboxFiles, BaselineLeavesUntouchedInputsOut) {
  TempDir d;
  make_dirs(d.path + "/in", 0755);
  put(d.path + "/in/same.csv", "a,b\n");
  put(d.path + "/in/changed.csv", "new\n");
  put(d.path + "/new.txt", "made");
  std::map<std::string, std::string> baseline = {{"in/same.csv", sha256_hex("a,b\n")},
                                                 {"in/changed.csv", sha256_hex("old\n")},
                                                 {"in/deleted.csv", sha256_hex("gone")}};
  auto m = walk(d.path, ManifestLimits{}, baseline);
  ASSERT_EQ(m.files.size(), 2u);
  EXPECT_TRUE(find(m, "/sandbox/in/changed.csv")->changed_input);
  EXPECT_FALSE(find(m, "/sandbox/new.txt")->changed_input);
  EXPECT_FALSE(find(m, "/sandbox/in/same.csv"));
}

TEST(sandboxFiles, CapsListAndCountAndSayWhy) {
  TempDir d;
  for (int i = 0; i < 30; ++i) put(d.path + "/f" + std::to_string(i), std::string(10, 'a'));
  put(d.path + "/zz-large", std::string(5000, 'b'));
  ManifestLimits l = with_contents(1000, 100);
  l.max_listed = 20;
  auto m = walk(d.path, l);
  EXPECT_EQ(m.files.size(), 20u);
  EXPECT_EQ(m.unlisted, 11u);
  EXPECT_NE(m.note.find("max_listed"), std::string::npos);
  size_t with_content = 0;
  for (const auto& f : m.files) {
    with_content += f.content_included;
    if (!f.content_included) {
      EXPECT_NE(f.note.find("max_output_total"), std::string::npos);
    }
  }
  EXPECT_EQ(with_content, 10u);  // 10 x 10 bytes fill the 100-byte total

  l.max_listed = 100;
  m = walk(d.path, l);
  EXPECT_NE(find(m, "/sandbox/zz-large")->note.find("max_output_file"), std::string::npos);
  EXPECT_EQ(find(m, "/sandbox/zz-large")->sha256, sha256_hex(std::string(5000, 'b')));
}

// ---- real runs on both backends ----

namespace {

struct Finished {
  RawOutcome outcome;
  FileManifest files;
  std::vector<uint32_t> host_ids;
  std::string run_id;
};

Finished run_with_files(const std::string& code, std::vector<InputFile> inputs = {},
                        FileRequest req = {}, Limits limits = small_limits(),
                        config::SandboxConfig cfg = test_config()) {
  auto backend = make_backend(current_kind(), cfg);
  RunSpec spec = make_spec(code, Language::python, limits);
  spec.inputs = std::move(inputs);
  spec.files = req;
  auto box = backend->launch(spec);
  Finished f;
  f.run_id = spec.run_id;
  f.host_ids = box->host_ids();
  f.outcome = box->wait();
  f.files = box->collect_files();
  return f;
}

// The sandbox user's host uid: native maps it (1000 inside); Docker runs as
// the leased host id itself.
uint32_t sandbox_uid(const Finished& f) { return on_docker() ? f.host_ids.at(0) : 1000; }

// Mounts of this process's mount namespace whose path names the run: what a
// Docker run's host tmpfs would leave if it were not detached.
std::vector<std::string> host_mounts_of(const std::string& run_id) {
  std::ifstream in("/proc/self/mountinfo");
  std::vector<std::string> found;
  for (std::string line; std::getline(in, line);)
    if (line.find(run_id) != std::string::npos) found.push_back(line);
  return found;
}

// Content caps below the test runs' 16MiB tmpfs.
config::SandboxConfig small_output_caps() {
  auto cfg = test_config();
  cfg.files.max_output_file_bytes = 1 << 20;
  cfg.files.max_output_total_bytes = 4 << 20;
  return cfg;
}

FileRequest contents(bool tmp = false) {
  FileRequest r;
  r.return_contents = true;
  r.collect_tmp = tmp;
  return r;
}

}  // namespace

MAI_BACKEND_SUITE(sandboxFilesRun);

TEST_P(sandboxFilesRun, InputsInOutputsOut) {
  MAI_REQUIRE_ROOT();
  auto f = run_with_files(
      "import os\n"
      "print(open('/sandbox/data.csv').read(), end='')\n"
      "print(open('/sandbox/dir/nested.txt').read(), end='')\n"
      "print(os.stat('/sandbox/data.csv').st_uid)\n"
      "print(os.stat('/sandbox/dir').st_uid)\n"
      "open('/sandbox/dir/nested.txt', 'a').write('more')\n"
      "open('/sandbox/report.txt', 'w').write('done')\n"
      "open('/tmp/scratch', 'w').write('t')\n",
      {{"data.csv", "a,b\n1,2\n"}, {"dir/nested.txt", "n\n"}}, contents());
  ASSERT_TRUE(f.outcome.exited) << f.outcome.stderr_data;
  std::string uid = std::to_string(sandbox_uid(f));
  EXPECT_EQ(f.outcome.stdout_data, "a,b\n1,2\nn\n" + uid + "\n" + uid + "\n");
  ASSERT_EQ(f.files.files.size(), 2u) << f.files.note;
  const auto* report = find(f.files, "/sandbox/report.txt");
  ASSERT_TRUE(report);
  EXPECT_EQ(report->content, "done");
  EXPECT_FALSE(report->changed_input);
  const auto* nested = find(f.files, "/sandbox/dir/nested.txt");
  ASSERT_TRUE(nested);
  EXPECT_TRUE(nested->changed_input);
  EXPECT_EQ(nested->content, "n\nmore");
  EXPECT_EQ(nested->sha256, sha256_hex("n\nmore"));
  EXPECT_FALSE(find(f.files, "/sandbox/data.csv"));  // untouched input
  EXPECT_FALSE(find(f.files, "/sandbox/main.py"));   // untouched code
  EXPECT_FALSE(find(f.files, "/tmp/scratch"));        // /tmp only when asked
  EXPECT_TRUE(host_mounts_of(f.run_id).empty());
}

// The code is an input like the others: changed, it is listed as one.
TEST_P(sandboxFilesRun, ChangedCodeIsAChangedInput) {
  MAI_REQUIRE_ROOT();
  auto f = run_with_files("open('/sandbox/main.py', 'a').write('# more')\n");
  ASSERT_TRUE(f.outcome.exited) << f.outcome.stderr_data;
  const auto* code = find(f.files, "/sandbox/main.py");
  ASSERT_TRUE(code);
  EXPECT_TRUE(code->changed_input);
  EXPECT_EQ(f.files.files.size(), 1u);
}

TEST_P(sandboxFilesRun, TmpWhenAsked) {
  MAI_REQUIRE_ROOT();
  auto f = run_with_files("open('/tmp/scratch', 'w').write('t')\n", {}, contents(true));
  ASSERT_TRUE(f.outcome.exited);
  ASSERT_TRUE(find(f.files, "/tmp/scratch"));
  EXPECT_EQ(find(f.files, "/tmp/scratch")->content, "t");
}

TEST_P(sandboxFilesRun, InputsLargerThanTheTmpfsAreRefused) {
  MAI_REQUIRE_ROOT();
  Limits l = small_limits();
  try {
    run_with_files("pass\n", {{"big", std::string(l.tmpfs_bytes + 1, 'x')}}, {}, l);
    FAIL() << "no error";
  } catch (const SandboxError& e) {
    EXPECT_EQ(e.code(), "inputs_too_large");
  }
}

// Hostile outputs: a symlink to /etc/passwd, a FIFO, a hard link, a socket,
// 10,000 small files. All recorded; nothing of the host read.
TEST_P(sandboxFilesRun, HostileOutputsAreRecordedNotFollowed) {
  MAI_REQUIRE_ROOT();
  Limits l = small_limits();
  l.timeout_ms = 60000;
  l.tmpfs_bytes = 64ull << 20;  // each small file takes a 4KiB page of the tmpfs
  auto f = run_with_files(
      "import os, socket\n"
      "os.symlink('/etc/passwd', '/sandbox/passwd')\n"
      "os.symlink('/proc/1/root/etc/shadow', '/sandbox/shadow')\n"
      "os.mkfifo('/sandbox/fifo')\n"
      "open('/sandbox/target', 'w').write('t')\n"
      "os.link('/sandbox/target', '/sandbox/hardlink')\n"
      "s = socket.socket(socket.AF_UNIX); s.bind('/sandbox/sock')\n"
      "for src in ('/etc/passwd', '/usr/bin/env'):\n"
      "    try: os.link(src, '/sandbox/outside'); print('linked', src)\n"
      "    except OSError as e: print('refused', e.errno)\n"
      "os.mkdir('/sandbox/many')\n"
      "for i in range(10000):\n"
      "    open('/sandbox/many/%05d' % i, 'w').write(str(i))\n",
      {}, contents(), l);
  ASSERT_TRUE(f.outcome.exited) << f.outcome.stderr_data;
  EXPECT_EQ(f.outcome.exit_status, 0) << f.outcome.stderr_data;
  // No hard link reaches outside the run's own tmpfs (EXDEV: another file system).
  EXPECT_EQ(f.outcome.stdout_data, "refused 18\nrefused 18\n");
  EXPECT_EQ(f.files.files.size(), 10000u + 6u);
  EXPECT_EQ(f.files.unlisted, 0u);
  EXPECT_EQ(find(f.files, "/sandbox/passwd")->kind, "symlink");
  EXPECT_EQ(find(f.files, "/sandbox/passwd")->link_target, "/etc/passwd");
  EXPECT_FALSE(find(f.files, "/sandbox/passwd")->content_included);
  EXPECT_EQ(find(f.files, "/sandbox/shadow")->kind, "symlink");
  EXPECT_EQ(find(f.files, "/sandbox/fifo")->kind, "fifo");
  EXPECT_EQ(find(f.files, "/sandbox/sock")->kind, "socket");
  EXPECT_EQ(find(f.files, "/sandbox/hardlink")->links, 2u);
  EXPECT_EQ(find(f.files, "/sandbox/hardlink")->content, "t");
  const auto* last = find(f.files, "/sandbox/many/09999");
  EXPECT_EQ(last->content, "9999") << last->note << " included " << last->content_included
                                   << " size " << last->size << " sha " << last->sha256;
}

// One file as large as the tmpfs allows, then a killed writer: the manifest
// is there for a run that hit its disk cap and for one killed by its timeout.
TEST_P(sandboxFilesRun, HugeFileAndKilledMidWrite) {
  MAI_REQUIRE_ROOT();
  auto huge = run_with_files(
      "import os\n"
      "with open('/sandbox/huge', 'wb') as f:\n"
      "    try:\n"
      "        while True: f.write(b'x' * 65536); f.flush()\n"
      "    except OSError as e: print(e.errno)\n",
      {}, contents(), small_limits(), small_output_caps());
  ASSERT_TRUE(huge.outcome.exited) << huge.outcome.stderr_data;
  EXPECT_EQ(huge.outcome.stdout_data, "28\n");  // ENOSPC at the tmpfs cap
  const auto* h = find(huge.files, "/sandbox/huge");
  ASSERT_TRUE(h);
  EXPECT_GT(h->size, small_limits().tmpfs_bytes / 2);
  EXPECT_EQ(h->sha256.size(), 64u);
  EXPECT_FALSE(h->content_included);  // over files.max_output_file of this config
  EXPECT_NE(h->note.find("max_output_file"), std::string::npos);

  Limits l = small_limits();
  l.timeout_ms = 1500;
  auto killed = run_with_files(
      "import os, time\n"
      "open('/sandbox/done-before', 'w').write('ok')\n"
      "i = 0\n"
      "while True:\n"
      "    open('/sandbox/partial', 'a').write('line %d\\n' % i); i += 1\n"
      "    time.sleep(0.001)\n",
      {}, contents(), l);
  EXPECT_TRUE(killed.outcome.timed_out);
  ASSERT_TRUE(find(killed.files, "/sandbox/done-before"));
  const auto* partial = find(killed.files, "/sandbox/partial");
  ASSERT_TRUE(partial);
  EXPECT_TRUE(partial->content_included);
  EXPECT_EQ(partial->sha256, sha256_hex(partial->content));
  EXPECT_EQ(partial->content.rfind("line 0\n", 0), 0u);
}

// Cleanup follows nothing the code planted: a symlink to a host directory
// (whose path the test hands the code), a deep tree, a file held open by a
// process that outlives nothing. Afterwards the host's files are intact, the
// run directory is gone and no mount of the run is left on the host.
TEST_P(sandboxFilesRun, CleanupFollowsNothingPlanted) {
  MAI_REQUIRE_ROOT();
  TempDir victim;
  put(victim.path + "/keep", "precious");
  std::ostringstream code;
  code << "import os\n"
       << "os.symlink('" << victim.path << "', '/sandbox/victim')\n"
       << "os.symlink('" << victim.path << "/keep', '/sandbox/keep')\n"
       << "os.symlink('/', '/sandbox/root')\n"
       << "d = '/sandbox'\n"
       << "for i in range(200):\n"
       << "    d += '/d'; os.mkdir(d)\n"
       << "os.symlink('" << victim.path << "', d + '/victim')\n";
  auto f = run_with_files(code.str(), {}, contents(true));
  ASSERT_TRUE(f.outcome.exited) << f.outcome.stderr_data;
  EXPECT_EQ(f.outcome.exit_status, 0) << f.outcome.stderr_data;
  EXPECT_EQ(find(f.files, "/sandbox/victim")->link_target, victim.path);
  EXPECT_NE(f.files.note.find("deeper than"), std::string::npos) << f.files.note;
  std::ifstream keep(victim.path + "/keep");
  std::string kept((std::istreambuf_iterator<char>(keep)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, "precious");
  RunDirReaper::flush_if_used();  // the run directory goes off the run's path
  EXPECT_FALSE(path_exists(scratch_root() + "/" + f.run_id));
  EXPECT_TRUE(host_mounts_of(f.run_id).empty());
}

// Inputs that fit the tmpfs by their byte count but not by its pages, or a
// tmpfs too small for them: refused before any code runs, nothing left.
TEST_P(sandboxFilesRun, InputsThatOverflowTheTmpfsLeaveNothing) {
  MAI_REQUIRE_ROOT();
  Limits l = small_limits();
  std::vector<InputFile> many;
  // 4097 bytes take two 4 KiB pages each: half the cap in bytes, all of it in pages.
  for (uint64_t i = 0; i < l.tmpfs_bytes / 8192 + 8; ++i) many.push_back({"f" + std::to_string(i), std::string(4097, 'x')});
  RunSpec spec = make_spec("print('ran')\n", Language::python, l);
  spec.inputs = many;
  try {
    auto box = make_backend(current_kind())->launch(spec);
    auto o = box->wait();
    // The native init reports its failure as the run's own.
    EXPECT_NE(o.stdout_data, "ran\n");
  } catch (const SandboxError& e) {
    EXPECT_NE(std::string(e.what()).find("do not fit"), std::string::npos) << e.what();
  }
  RunDirReaper::flush_if_used();  // the run directory goes off the run's path
  EXPECT_FALSE(path_exists(scratch_root() + "/" + spec.run_id));
  EXPECT_TRUE(host_mounts_of(spec.run_id).empty());
}


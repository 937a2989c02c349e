// The client side of files: a result's paths are the sandbox's (or, through
// `submit`, a remote service's) to choose; write_files must keep every write
// inside the output directory whatever they say, and read_inputs must refuse
// what could smuggle host files in.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "run_files.hpp"

using namespace mai;

namespace {

struct Dir {
  std::string path = "/tmp/mai-client-files-" + random_hex(8);
  Dir() { make_dirs(path, 0700); }
  ~Dir() { remove_tree(path); }
};

FileRecord file(const std::string& path, const std::string& content) {
  FileRecord f;
  f.path = path;
  f.kind = "file";
  f.content = content;
  f.content_included = true;
  return f;
}

std::string slurp(const std::string& p) {
  std::ifstream f(p);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

}  // namespace

TEST(sandboxFilesClient, HostilePathsInAResultStayInsideTheOutputDir) {
  Dir out, victim;
  RunResult r;
  r.execution.emplace();
  auto& files = r.execution->files.files;
  files = {file("/sandbox/../../" + victim.path.substr(1) + "/x", "escape"),
           file(victim.path + "/y", "absolute"),
           file("/etc/mai-client-files-test", "outside the mounts"),
           file("/sandbox/a/./b", "dot"),
           file("sandbox/rel", "relative"),
           file("/tmp/ok", "fine"),
           file("/sandbox/deep/er/ok", "fine too")};
  FileRecord link = file("/sandbox/link", "");
  link.kind = "symlink";
  link.content_included = false;
  files.push_back(link);
  // victim.path is under /tmp: as a sandbox path it lands in out/tmp/..., not there.
  EXPECT_EQ(client::write_files(r, out.path), 3u);
  EXPECT_EQ(slurp(out.path + victim.path + "/y"), "absolute");
  EXPECT_EQ(slurp(out.path + "/tmp/ok"), "fine");
  EXPECT_EQ(slurp(out.path + "/sandbox/deep/er/ok"), "fine too");
  EXPECT_FALSE(path_exists(victim.path + "/x"));
  EXPECT_FALSE(path_exists(victim.path + "/y"));
  EXPECT_FALSE(path_exists("/etc/mai-client-files-test"));
  EXPECT_FALSE(path_exists(out.path + "/sandbox/link"));
}

TEST(sandboxFilesClient, SymlinksPlantedInTheOutputDirAreNotWrittenThrough) {
  Dir out, victim;
  make_dirs(out.path + "/sandbox", 0755);
  ASSERT_EQ(::symlink(victim.path.c_str(), (out.path + "/sandbox/dir").c_str()), 0);
  ASSERT_EQ(::symlink((victim.path + "/target").c_str(), (out.path + "/sandbox/file").c_str()), 0);
  for (const char* p : {"/sandbox/dir/x", "/sandbox/file"}) {
    RunResult r;
    r.execution.emplace();
    r.execution->files.files = {file(p, "planted")};
    EXPECT_THROW(client::write_files(r, out.path), client::Error) << p;
  }
  EXPECT_FALSE(path_exists(victim.path + "/x"));
  EXPECT_FALSE(path_exists(victim.path + "/target"));
}

TEST(sandboxFilesClient, InputsRefuseLinksSpecialFilesAndEscapingNames) {
  Dir d;
  std::ofstream(d.path + "/a.txt") << "a";
  std::ofstream(d.path + "/k=v.txt") << "kv";
  make_dirs(d.path + "/dir", 0755);
  std::ofstream(d.path + "/dir/b.txt") << "b";
  auto in = client::read_inputs({d.path + "/a.txt", d.path + "/dir=data", d.path + "/k=v.txt=y"}, 100);
  ASSERT_EQ(in.size(), 3u);
  EXPECT_EQ(in[0].name, "a.txt");
  EXPECT_EQ(in[1].name, "data/b.txt");
  EXPECT_EQ(in[1].data, "b");
  EXPECT_EQ(in[2].name, "y");  // split at the last '='
  EXPECT_EQ(in[2].data, "kv");

  ASSERT_EQ(::symlink("/etc/passwd", (d.path + "/dir/passwd").c_str()), 0);
  EXPECT_THROW(client::read_inputs({d.path + "/dir"}, 100), client::Error);
  EXPECT_THROW(client::read_inputs({d.path + "/dir/passwd"}, 100), client::Error);
  ASSERT_EQ(::mkfifo((d.path + "/fifo").c_str(), 0600), 0);
  EXPECT_THROW(client::read_inputs({d.path + "/fifo"}, 100), client::Error);
  EXPECT_THROW(client::read_inputs({"/dev/zero"}, 100), client::Error);
  EXPECT_THROW(client::read_inputs({d.path + "/a.txt=../a"}, 100), client::Error);
  EXPECT_THROW(client::read_inputs({d.path + "/a.txt=/a"}, 100), client::Error);
  EXPECT_THROW(client::read_inputs({d.path + "/a.txt"}, 0), client::Error);  // over the cap
}

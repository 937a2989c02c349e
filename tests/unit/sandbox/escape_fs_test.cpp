// Escape battery, part 1: files, environment, descriptors, /dev, /proc, cgroupfs.
#include "attack_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

MAI_BACKEND_SUITE(sandboxEscape);

TEST_P(sandboxEscape, ReadEtcShadow) {
  MAI_REQUIRE_ROOT();
  const std::string code = "try:\n    open('/etc/shadow').read()\n    print('ESCAPED')\nexcept OSError as e:\n    print('refused', e)\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, ListRootHome) {
  MAI_REQUIRE_ROOT();
  const std::string code = "import os\ntry:\n    print(os.listdir('/root'))\n    print('ESCAPED')\nexcept OSError as e:\n    print('refused', e)\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, SeeTheWorkTreeOrHostDirs) {
  MAI_REQUIRE_ROOT();
  // /sys and /sys/fs/cgroup may exist only as empty mount points (Docker
  // needs them; it gets empty read-only tmpfs there).
  const std::string code = R"(import os
for p in ['/work', '/home', '/var/run', '/run', '/var/run/docker.sock', '/root', '/boot', '/mnt']:
    if os.path.exists(p):
        print('ESCAPED: sees', p)
for p, allowed in [('/sys', [[], ['fs']]), ('/sys/fs/cgroup', [[]])]:
    if os.path.exists(p) and sorted(os.listdir(p)) not in allowed:
        print('ESCAPED: sees', p, os.listdir(p)[:5])
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, HostProcessEnvironment) {
  MAI_REQUIRE_ROOT();
  std::string secret = "mai-secret-" + random_hex(8);
  ::setenv("MAI_TEST_SECRET", secret.c_str(), 1);
  // Looks in its own environment and in every process's /proc/PID/environ
  // (including the test process's pid, which it is told).
  std::string code = "import os\nsecret = '" + secret + "'\npids = ['1', 'self', '" +
                     std::to_string(::getpid()) + R"('] + [p for p in os.listdir('/proc') if p.isdigit()]
if any(secret in v for v in os.environ.values()):
    print('ESCAPED via own environment')
for p in pids:
    try:
        if secret.encode() in open('/proc/%s/environ' % p, 'rb').read():
            print('ESCAPED via /proc/%s/environ' % p)
    except OSError:
        pass
print(sorted(os.environ))
)";
  auto o = sandboxed(code);
  EXPECT_CONTAINED(o);
  // Docker always adds HOSTNAME (the container's, "sandbox").
  EXPECT_TRUE(contains(o.stdout_data, on_docker() ? "['HOME', 'HOSTNAME', 'LANG', 'PATH', 'PYTHONDONTWRITEBYTECODE', 'PYTHONUNBUFFERED', 'TMPDIR', 'USER']"
                                                  : "['HOME', 'LANG', 'PATH', 'PYTHONDONTWRITEBYTECODE', 'PYTHONUNBUFFERED', 'TMPDIR', 'USER']"))
      << o.stdout_data;
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
  ::unsetenv("MAI_TEST_SECRET");
}

TEST_P(sandboxEscape, InitHelperExposesNothing) {
  MAI_REQUIRE_ROOT();
  // pid 1 in the sandbox is mai-sandbox-init (on Docker too: it reports
  // the program's end over a connection the code must not reach): no
  // memory, environment, descriptors or root directory of it may be
  // readable by the program.
  std::string victim = std::to_string(::getpid());
  std::string code = R"(import os
for pid in ['1', ')" + victim + R"(']:
    for what, fn in [('environ', lambda: open('/proc/%s/environ' % pid, 'rb').read()),
                     ('mem', lambda: open('/proc/%s/mem' % pid, 'rb').read(1)),
                     ('fd', lambda: os.listdir('/proc/%s/fd' % pid)),
                     ('root', lambda: os.listdir('/proc/%s/root/' % pid)),
                     ('maps', lambda: open('/proc/%s/maps' % pid).read(10) or 1/0)]:
        try:
            fn(); print('ESCAPED: read /proc/%s/%s' % (pid, what))
        except Exception as e:
            print('refused', pid, what, type(e).__name__)
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, WriteOutsideScratch) {
  MAI_REQUIRE_ROOT();
  HostTempDir dir("mai-escape-");
  const std::string& target = dir.path();
  std::string code = R"(import os
for p in [')" + target + R"(/pwned', '/etc/pwned', '/usr/pwned', '/pwned', '/proc/pwned', '/dev/pwned']:
    try:
        open(p, 'w').write('x'); print('ESCAPED: wrote', p)
    except OSError as e:
        print('refused', p, e.errno)
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_FALSE(path_exists(target + "/pwned"));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
  EXPECT_TRUE(path_exists(target + "/pwned"));
}

TEST_P(sandboxEscape, WriteToDev) {
  MAI_REQUIRE_ROOT();
  std::string name = "mai-escape-" + random_hex(6);
  std::string code = R"(import os, stat
try:
    open('/dev/)" + name + R"(', 'w').write('x'); print('ESCAPED: created a file in /dev')
except OSError as e:
    print('refused', e)
try:
    os.mknod('/dev/)" + name + R"(-mem', stat.S_IFCHR | 0o666, os.makedev(1, 1)); print('ESCAPED: mknod')
except OSError as e:
    print('refused', e)
)";
  EXPECT_CONTAINED(sandboxed(code));
  auto host = run_on_host(code);
  ::unlink(("/dev/" + name).c_str());
  ::unlink(("/dev/" + name + "-mem").c_str());
  EXPECT_ESCAPES_ON_HOST(host);
}

TEST_P(sandboxEscape, WriteToProcSys) {
  MAI_REQUIRE_ROOT();
  // Writes back the value it read, so the host run changes nothing.
  const std::string code = R"(
for p in ['/proc/sys/kernel/printk_ratelimit', '/proc/sys/vm/overcommit_memory']:
    try:
        v = open(p).read()
        with open(p, 'w') as f:
            f.write(v)
        print('ESCAPED: wrote', p)
    except OSError as e:
        print('refused', p, e)
try:
    open('/proc/sysrq-trigger', 'w'); print('ESCAPED: sysrq-trigger writable')
except OSError as e:
    print('refused sysrq', e)
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, WriteToCgroupfs) {
  MAI_REQUIRE_ROOT();
  std::string name = "mai-escape-" + random_hex(6);
  std::string code = R"(import os
points = ['/sys/fs/cgroup/pids', '/sys/fs/cgroup/unified', '/sys/fs/cgroup']
for line in open('/proc/self/mountinfo'):
    f = line.split()
    if 'cgroup' in f[f.index('-') + 1]:
        points.append(f[4])
for mp in points:
    try:
        os.mkdir(os.path.join(mp, ')" + name + R"('))
        os.rmdir(os.path.join(mp, ')" + name + R"('))
        print('ESCAPED: made a cgroup in', mp); break
    except OSError as e:
        pass
try:
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    os.makedirs('/tmp/cg', exist_ok=True)
    if libc.mount(b'cgroup', b'/tmp/cg', b'cgroup2', 0, None) == 0:
        print('ESCAPED: mounted cgroupfs')
except OSError:
    pass
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, InheritedDescriptors) {
  MAI_REQUIRE_ROOT();
  // Descriptors the supervisor opened without O_CLOEXEC must not reach the code.
  int leaked_file = ::open("/etc/hostname", O_RDONLY);
  int leaked_pipe[2];
  ASSERT_EQ(::pipe(leaked_pipe), 0);
  ASSERT_GE(leaked_file, 0);
  const std::string code = R"(import os
for fd in range(3, 1024):
    try:
        os.fstat(fd); print('ESCAPED: fd', fd, os.readlink('/proc/self/fd/%d' % fd))
    except OSError:
        pass
print('stdin is', os.readlink('/proc/self/fd/0'))
)";
  auto o = sandboxed(code);
  EXPECT_CONTAINED(o);
  EXPECT_TRUE(contains(o.stdout_data, "stdin is /dev/null")) << o.stdout_data;
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
  ::close(leaked_file);
  ::close(leaked_pipe[0]);
  ::close(leaked_pipe[1]);
}

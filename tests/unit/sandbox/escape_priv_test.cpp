// Escape battery, part 3: privileges, namespaces and forbidden system calls.
#include "attack_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

MAI_BACKEND_SUITE_DECL(sandboxEscape);

namespace {
HostOptions root_private_mounts() {
  HostOptions o;
  o.private_mounts = true;
  return o;
}
}  // namespace

TEST_P(sandboxEscape, Mount) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
for src, dst, fs in [(b'none', b'/tmp', b'tmpfs'), (b'proc', b'/tmp', b'proc'), (b'/usr', b'/sandbox', None)]:
    flags = 4096 if fs is None else 0   # MS_BIND
    if libc.mount(src, dst, fs, flags, None) == 0:
        print('ESCAPED: mounted', src, dst)
    else:
        print('refused', os.strerror(ctypes.get_errno()))
fs = ctypes.create_string_buffer(b'tmpfs')
r, e = sc(430, ctypes.addressof(fs), 0)      # fsopen: the new mount API
print('ESCAPED: fsopen' if r >= 0 else 'refused fsopen: ' + os.strerror(e))
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, root_private_mounts()));
}

TEST_P(sandboxEscape, Chroot) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) +
                           "if libc.chroot(b'/tmp') == 0:\n    print('ESCAPED')\nelse:\n    print('refused', os.strerror(ctypes.get_errno()))\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, BecomeRoot) {
  MAI_REQUIRE_ROOT();
  const std::string code = R"(import os
for name, fn in [('setuid', lambda: os.setuid(0)), ('setgid', lambda: os.setgid(0)),
                 ('setresuid', lambda: os.setresuid(0, 0, 0)), ('setgroups', lambda: os.setgroups([0]))]:
    try:
        fn(); print('ESCAPED via', name)
    except OSError as e:
        print('refused', name, e)
print(open('/proc/self/status').read().split('CapInh')[1].split('Seccomp_filters')[0])
)";
  auto o = sandboxed(code);
  EXPECT_CONTAINED(o);
  // Every capability set empty, no_new_privs on, a seccomp filter in force.
  EXPECT_TRUE(contains(o.stdout_data, "CapPrm:\t0000000000000000")) << o.stdout_data;
  EXPECT_TRUE(contains(o.stdout_data, "CapEff:\t0000000000000000"));
  EXPECT_TRUE(contains(o.stdout_data, "CapBnd:\t0000000000000000"));
  EXPECT_TRUE(contains(o.stdout_data, "CapAmb:\t0000000000000000"));
  EXPECT_TRUE(contains(o.stdout_data, "NoNewPrivs:\t1"));
  EXPECT_TRUE(contains(o.stdout_data, "Seccomp:\t2"));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, NewUserNamespace) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
for name, flag in [('user', 0x10000000), ('mount', 0x00020000), ('net', 0x40000000), ('pid', 0x20000000)]:
    if libc.unshare(flag) == 0:
        print('ESCAPED: unshare', name)
    else:
        print('refused', name, os.strerror(ctypes.get_errno()))
r, e = sc(56, 0x10000000 | 17, 0, 0, 0, 0)   # clone(CLONE_NEWUSER|SIGCHLD)
if r == 0:
    os._exit(0)
if r > 0:
    print('ESCAPED: clone with CLONE_NEWUSER'); os.waitpid(r, 0)
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, SyscallBpf) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
attr = ctypes.create_string_buffer(struct.pack('IIII', 2, 4, 4, 1), 72)   # BPF_MAP_TYPE_ARRAY
r, e = sc(321, 0, ctypes.addressof(attr), 72)                              # bpf(BPF_MAP_CREATE)
print('ESCAPED' if r >= 0 else 'refused: ' + os.strerror(e))
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, SyscallKeyctl) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
r, e = sc(250, 0, -3, 1)   # keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, create)
print('ESCAPED' if r >= 0 else 'refused: ' + os.strerror(e))
r, e = sc(248, ctypes.addressof(ctypes.create_string_buffer(b'user')), ctypes.addressof(ctypes.create_string_buffer(b'k')), 0, 0, -2)
print('ESCAPED add_key' if r >= 0 else 'refused add_key: ' + os.strerror(e))
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, SyscallPerfEventOpen) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
attr = ctypes.create_string_buffer(struct.pack('IIQ', 1, 128, 0), 128)   # PERF_TYPE_SOFTWARE, CPU_CLOCK
r, e = sc(298, ctypes.addressof(attr), 0, -1, -1, 0)
print('ESCAPED' if r >= 0 else 'refused: ' + os.strerror(e))
)";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code));
}

TEST_P(sandboxEscape, SyscallIoUringSetup) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
params = ctypes.create_string_buffer(120)
r, e = sc(425, 4, ctypes.addressof(params))
print('ESCAPED' if r >= 0 else 'refused: ' + os.strerror(e))
)";
  EXPECT_CONTAINED(sandboxed(code));
  auto host = run_on_host(code);
  if (!host.escaped() && contains(host.output, "refused"))
    GTEST_SKIP() << "io_uring is disabled on this kernel: " << host.output;
  EXPECT_ESCAPES_ON_HOST(host);
}

// System calls of a kernel newer than the filters' rules (listmount and mseal
// are Linux 6.8 and 6.10; libseccomp 2.5.4 names neither): refused as
// unknown, on both backends. On a kernel without them the host run shows it
// and the test has nothing to prove.
TEST_P(sandboxEscape, SyscallsNewerThanTheRules) {
  MAI_REQUIRE_ROOT();
  const std::string code = std::string(kCtypes) + R"(
req = ctypes.create_string_buffer(struct.pack('IIQQQ', 32, 0, 0xffffffffffffffff, 0, 0))   # mnt_id_req: the root
ids = (ctypes.c_uint64 * 64)()
r, e = sc(458, ctypes.addressof(req), ctypes.addressof(ids), 64, 0)          # listmount
print('ESCAPED: listmount' if r >= 0 else 'refused listmount: ' + os.strerror(e))
page = (ctypes.c_char * 8192)()
start = (ctypes.addressof(page) + 4095) & ~4095
r, e = sc(462, start, 4096, 0)                                               # mseal
print('ESCAPED: mseal' if r == 0 else 'refused mseal: ' + os.strerror(e))
)";
  EXPECT_CONTAINED(sandboxed(code));
  auto host = run_on_host(code);
  if (!host.escaped() && contains(host.output, "Function not implemented"))
    GTEST_SKIP() << "this kernel has neither call: " << host.output;
  EXPECT_ESCAPES_ON_HOST(host);
}

TEST_P(sandboxEscape, ForeignArchitectureSyscalls) {
  MAI_REQUIRE_ROOT();
  // unshare(CLONE_NEWUSER) under the i386 (int 0x80) and x32 ABIs, whose
  // system-call numbers a filter written for x86-64 alone would not match.
  const std::string code = std::string(kCtypes) + R"(import mmap
page = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
# mov eax, 310 (i386 unshare); mov ebx, CLONE_NEWUSER; int 0x80; ret
page.write(bytes([0xb8, 0x36, 0x01, 0, 0, 0xbb, 0, 0, 0, 0x10, 0xcd, 0x80, 0xc3]))
addr = ctypes.addressof(ctypes.c_char.from_buffer(page))
i386_unshare = ctypes.CFUNCTYPE(ctypes.c_int)(addr)
print('i386 unshare ->', flush=True)
r = i386_unshare()
print('ESCAPED: i386 unshare' if r == 0 else 'refused i386: %d' % r, flush=True)
r, e = sc(0x40000000 | 272, 0x10000000)    # x32 unshare(CLONE_NEWUSER)
print('ESCAPED: x32 unshare' if r == 0 else 'refused x32: ' + os.strerror(e), flush=True)
)";
  auto o = run(code);
  EXPECT_CONTAINED(o);
  auto host = run_on_host(code, Language::python, {kNobody});
  if (!host.escaped() && contains(host.output, "refused i386"))
    GTEST_SKIP() << "unprivileged user namespaces are disabled on this host: " << host.output;
  // A kernel without IA32 emulation kills `int 0x80` with SIGSEGV before any
  // filter sees it: the host process ends right after the announcement.
  if (!host.escaped() && contains(host.output, "i386 unshare ->") && !contains(host.output, "refused i386"))
    GTEST_SKIP() << "this kernel has no i386 system call entry: " << host.output;
  EXPECT_ESCAPES_ON_HOST(host);
}

// Escape battery: the kernel's secrets under /proc, on both backends.
//
// Docker's default masks leave /proc/kallsyms readable: with kptr_restrict 0
// and perf_event_paranoid <= 1 it lists every kernel symbol with its address
// (KASLR undone), elsewhere with the names alone. The native backend masked it
// with /dev/null, Docker did not; both must show nothing.
#include "attack_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

MAI_BACKEND_SUITE_DECL(sandboxEscape);

TEST_P(sandboxEscape, KernelSymbolsAndOtherProcSecretsAreMasked) {
  MAI_REQUIRE_ROOT();
  const std::string code = R"(
for p in ['/proc/kallsyms', '/proc/kcore', '/proc/keys', '/proc/timer_list', '/proc/sched_debug',
          '/proc/latency_stats', '/proc/config.gz']:
    try:
        with open(p, 'rb') as f:
            data = f.read(4096)
    except OSError as e:
        print('refused', p, e.errno)
        continue
    if data:
        print('ESCAPED: reads', p, data[:40])
    else:
        print('empty', p)
)";
  EXPECT_CONTAINED(sandboxed(code));
  // An unprivileged user on the host reads the symbol names at least.
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

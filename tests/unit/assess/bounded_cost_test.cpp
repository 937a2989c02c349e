// The assessor's cost is bounded for any input under the code size limit.
//
// The work budget bounds the steps, but not what each step keeps or costs:
// every evaluation of a lambda made a record that lived to the end, so 100,000
// nested lambdas (800 KB) grew to 15 GB in a minute, and freeing their chain
// of scopes overflowed the stack; a line that doubles a string took 4 GB; and
// 1 MB of `x = [x]` lines ran for minutes. Each case runs in a child with
// an address-space and CPU-time limit, so a regression fails the test instead
// of taking the machine's memory; CPU time, not wall time, so load does not
// matter.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // ASan's shadow memory does not fit an address-space limit
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// The assessor catches std::bad_alloc and reports the analysis as failed, so
// the address-space limit only protects the machine: the test is the peak RSS.
constexpr rlim_t kMemory = rlim_t{3} << 30;
constexpr long kPeakRssKib = kSanitized ? 3L << 20 : 1L << 20;
// About 10 s of CPU at most in a Release build (tree-sitter's parse, then the
// 5 s deadlines); the sanitizer build is several times slower.
constexpr rlim_t kCpuSeconds = kSanitized ? 240 : 60;

// Assesses `code` in a child under the limits; the child's exit status is 0
// when the level is at least `at_least`, 3 when lower, 6 when its peak RSS
// passed kPeakRssKib; the CPU limit kills it.
void expect_bounded(const std::string& code, RiskLevel at_least, Language language = Language::python) {
  engine();  // loaded before the fork, outside the child's limits
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    rlimit cpu{kCpuSeconds, kCpuSeconds};
    ::setrlimit(RLIMIT_CPU, &cpu);
    if (!kSanitized) {
      rlimit as{kMemory, kMemory};
      ::setrlimit(RLIMIT_AS, &as);
    }
    int status = 4;
    try {
      status = engine().assess(code, language, Origin::external).level >= at_least ? 0 : 3;
    } catch (...) {
      status = 5;  // std::bad_alloc at the limit
    }
    rusage ru{};
    ::getrusage(RUSAGE_SELF, &ru);
    if (status == 0 && ru.ru_maxrss > kPeakRssKib) status = 6;
    ::_exit(status);
  }
  int ws = 0;
  ASSERT_EQ(::waitpid(pid, &ws, 0), pid);
  ASSERT_TRUE(WIFEXITED(ws)) << "killed by signal " << WTERMSIG(ws) << " (CPU time limit?)";
  EXPECT_NE(WEXITSTATUS(ws), 5) << "ran out of memory";
  EXPECT_NE(WEXITSTATUS(ws), 6) << "peak RSS over " << kPeakRssKib << " KiB";
  EXPECT_NE(WEXITSTATUS(ws), 3) << "assessed below the expected level";
  EXPECT_EQ(WEXITSTATUS(ws), 0);
}

std::string nested_lambdas(int n, const std::string& innermost = "0") {
  std::string code = "import os\nf = ";
  for (int i = 0; i < n; ++i) code += "lambda: ";
  return code + innermost + "\n";
}

TEST(BoundedCost, HundredThousandNestedLambdas) {
  std::string code = nested_lambdas(100000);
  ASSERT_LT(code.size(), size_t{1} << 20);  // under the default submission.max_code
  expect_bounded(code, RiskLevel::medium);
}

// The same chain as functions that return the next one, indented by a space.
TEST(BoundedCost, DeepChainOfFunctionsReturningFunctions) {
  std::string code;
  const int depth = 1000;
  for (int i = 0; i < depth; ++i)
    code += std::string(static_cast<size_t>(i), ' ') + "def f" + std::to_string(i) + "():\n";
  code += std::string(depth, ' ') + "return 0\n";
  for (int i = depth - 2; i >= 0; --i)
    code += std::string(static_cast<size_t>(i + 1), ' ') + "return f" + std::to_string(i + 1) + "\n";
  ASSERT_LT(code.size(), size_t{1} << 20);
  expect_bounded(code, RiskLevel::low);
}

// Past the cap, a definition seen for the first time is still analysed: the
// innermost lambda of a chain longer than the cap is reached after it.
TEST(BoundedCost, TheEndOfAChainPastTheCapIsStillAnalysed) {
  std::string code = nested_lambdas(20000, "os.system('rm -rf /')");
  expect_bounded(code, RiskLevel::blocked);
}

std::string repeated(const std::string& head, const std::string& line, size_t n) {
  std::string code = head;
  for (size_t i = 0; i < n; ++i) code += line;
  return code;
}

// One test each: each takes seconds (the deadlines), more under a sanitizer.
// Starts of itself with known arguments are interpreted again as the copy
// (self_copies.hpp): at most two copies, each on half the work the program
// took, however many distinct command lines (here 15,000 in 1 MB) the file
// gives its copies. (About twice the time of the program alone.)
TEST(BoundedCost, CopiesOfItselfInterpretedAgainStayBounded) {
  std::string code = "import subprocess, sys\n";
  for (int i = 0; i < 15000; ++i)
    code += "subprocess.Popen([sys.executable, __file__, '--n', '" + std::to_string(i) + "'])\n";
  expect_bounded(code, RiskLevel::blocked);
}

TEST(BoundedCost, ListInAListLines) { expect_bounded(repeated("x = []\n", "x = [x]\n", 120000), RiskLevel::low); }
TEST(BoundedCost, TupleInATupleLines) { expect_bounded(repeated("x = ()\n", "x = (x,)\n", 110000), RiskLevel::low); }
// The same chain of lists, analysed this time (the import first changes how
// tree-sitter shapes the module), then freed when the analysis ends: it
// overflowed the stack. The call after it is still found.
TEST(BoundedCost, AChainOfListsIsFreedWithoutRecursion) {
  expect_bounded(repeated("import os\nx = []\n", "x = [x]\n", 120000) + "os.system('rm -rf /')\n",
                 RiskLevel::medium);
}

TEST(BoundedCost, StringDoublingByPlus) {
  expect_bounded(repeated("s = ''\n", "s = s + s + 'a'\n", 60000), RiskLevel::low);
}
TEST(BoundedCost, StringDoublingByFormat) {
  expect_bounded(repeated("s = 'x'\n", "s = '%s%s' % (s, s)\n", 50000), RiskLevel::low);
}

// Python's integers have no bound; past int64 the value is unknown, never
// undefined behaviour (10**18 * 1000 in an installed package stopped the
// sanitizer build), and a text repeated by such a count is not built.
TEST(BoundedCost, IntegersPastInt64AreUnknown) {
  expect_bounded("x = 10**18 * 1000\n"
                 "y = 2**62 + 2**62\n"
                 "z = (-2**63) // -1\n"
                 "w = (-2**63) % -1\n"
                 "v = -5 << 3\n"
                 "u = (-2**63) - 1\n"
                 "t = 7 ** 40\n"
                 "s = 'ab' * (2**63 - 1)\n"
                 "print(x, y, z, w, v, u, t, len(s))\n",
                 RiskLevel::low);
}

TEST(BoundedCost, ShellVariableDoubling) {
  expect_bounded(repeated("x=a\n", "x=\"$x$x\"\n", 100000), RiskLevel::low, Language::shell);
}

// ${v%%*b} tries every cut of v: 20,000 of them on a doubled value, and brace
// groups of brace groups (each word expands to at most 16).
TEST(BoundedCost, ShellPatternCutsAndBraceGroups) {
  std::string code = "v=ab\n";
  for (int i = 0; i < 15; ++i) code += "v=\"$v$v\"\n";
  code += repeated("", "echo \"${v%%*b}\" \"${v#*a}\" {a,b}{c,d}{e,f}{g,h}{i,j}\n", 20000);
  expect_bounded(code, RiskLevel::low, Language::shell);
}

// Source that keeps tree-sitter's error recovery busy past its 20 s timeout:
// after such a parse, resetting the parser (libtree-sitter 0.20.7) freed a
// subtree twice and the process died of SIGABRT. Here: 60,000 lines of
// `x = 1` in EBCDIC (cp037) bytes under a cp037 coding line.
TEST(BoundedCost, AParseThatRunsOutOfTimeLeavesTheProcessWhole) {
  std::string code = "# coding: cp037\n";
  for (int i = 0; i < 60000; ++i) code += "\xa7\x40\x7e\x40\xf1\x25";
  expect_bounded(code, RiskLevel::low);
}

TEST(BoundedCost, ThousandNestedLoops) {
  std::string code;
  for (int i = 0; i < 1000; ++i)
    code += std::string(static_cast<size_t>(i), ' ') + "for i" + std::to_string(i) + " in range(10):\n";
  code += std::string(1000, ' ') + "pass\n";
  expect_bounded(code, RiskLevel::low);
}

// printf uses its format again for every argument left: a 64 KB format
// given 5,000 arguments, a few times over, would print 320 MB a line.
TEST(BoundedCost, APrintfFormatRepeatedForThousandsOfArguments) {
  std::string code = "f='" + std::string(64 * 1024, 'A') + "%s'\n";
  std::string args;
  for (int i = 0; i < 5000; ++i) args += " a";
  for (int i = 0; i < 20; ++i) code += "printf \"$f\"" + args + " > out" + std::to_string(i) + ".txt\n";
  expect_bounded(code, RiskLevel::low, Language::shell);
}

}  // namespace
}  // namespace mai::assess::test

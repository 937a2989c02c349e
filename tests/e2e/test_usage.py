"""Usage and configuration errors: exit 2 with a message that says what is wrong."""
import shutil
import unittest

from harness import EXAMPLES, SOURCE_DIR, CliTestCase


class UsageErrors(CliTestCase):
    def test_unknown_flag(self):
        res = self.cli("run", "--frobnicate", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 2, res)
        self.assertIn("frobnicate", res.stderr)

    def test_unknown_command(self):
        res = self.cli("launch", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 2, res)

    def test_bad_values(self):
        for args, word in ((["--trust", "root"], "trust"), (["--lang", "cobol"], "lang"),
                           (["--timeout", "soon"], "timeout"), (["--memory", "lots"], "memory"),
                           (["--cpus", "-1"], "cpus"), (["--pids", "many"], "pids")):
            res = self.cli("run", *args, EXAMPLES / "hello.py")
            self.assertEqual(res.code, 2, (args, res))
            self.assertIn(word, res.stderr, args)

    def test_empty_values_are_usage_errors(self):
        # An empty value (an unset shell variable) was taken as no option at
        # all: the run went ahead with the policy's limits, and BLOCKED code
        # with an empty --override-reason was refused as if none was given.
        for option in ("--timeout", "--memory", "--cpus", "--pids", "--override-reason", "--parent",
                       "--output-dir"):
            for command in ("run", "submit"):
                with self.subTest(option=option, command=command):
                    extra = ["--server", "127.0.0.1:1"] if command == "submit" else []
                    res = self.cli(command, *extra, option, "", EXAMPLES / "hello.py")
                    self.assertEqual(res.code, 2, res)
                    self.assertIn(option, res.stderr)

    def test_missing_file(self):
        res = self.cli("run", self.tmp / "nope.py")
        self.assertEqual(res.code, 2, res)
        self.assertIn("nope.py", res.stderr)

    def test_json_usage_error_is_still_2(self):
        res = self.cli("run", "--json", "--trust", "root", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 2, res)

    def test_service_options_are_checked(self):
        for args, words in ((["serve", "--listen", "127.0.0.1"], "no port"),
                            (["serve", "--listen", "127.0.0.1:70000"], "port"),
                            (["serve", "--listen", "127.0.0.1:0", "--tls-cert", "x.pem"], "TLS needs"),
                            (["submit", "--server", "nohost", EXAMPLES / "hello.py"], "no port")):
            res = self.cli(*args)
            self.assertEqual(res.code, 2, res)
            self.assertIn(words, res.stderr)

    def test_oversized_code_is_refused(self):
        big = self.write("big.py", "x = 1\n" * 400000)  # 2.4 MB > 1 MiB
        res = self.cli("run", big)
        self.assertEqual(res.code, 2, res)
        self.assertIn("limit", res.stderr)

    def test_help(self):
        for args in (["--help"], ["run", "--help"], ["assess", "--help"], ["audit", "--help"],
                     ["doctor", "--help"]):
            res = self.cli(*args, config=False, state=False)
            self.assertEqual(res.code, 0, (args, res))
            self.assertIn("--", res.stdout)


class ConfigErrors(CliTestCase):
    def setUp(self):
        super().setUp()
        self.config = self.tmp / "config"
        shutil.copytree(SOURCE_DIR / "config", self.config)

    def edit(self, name, old, new):
        path = self.config / name
        text = path.read_text()
        self.assertIn(old, text)
        path.write_text(text.replace(old, new, 1))
        return text[: text.index(old)].count("\n") + 1

    def test_bad_value_names_file_line_field(self):
        line = self.edit("sandbox.yaml", "memory: 512MiB", "memory: plenty")
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 2, res)
        self.assertIn("sandbox.yaml:%d" % line, res.stderr)
        self.assertIn("trust_levels.unknown.memory", res.stderr)

    def test_malformed_yaml(self):
        self.edit("audit.yaml", "key_file:", "key_file: [unclosed\n  oops:")
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 2, res)
        self.assertIn("audit.yaml:", res.stderr)

    def test_unknown_key(self):
        self.edit("sandbox.yaml", "backend: native", "backend: native\nbakend: native")
        res = self.cli("run", EXAMPLES / "hello.py")
        self.assertEqual(res.code, 2, res)
        self.assertIn("bakend", res.stderr)

    def test_environment_variable_picks_config(self):
        self.edit("sandbox.yaml", "cpus: 0.5", "cpus: zero")
        res = self.cli("run", EXAMPLES / "hello.py", config=False,
                       env={"MAI_SANDBOX_CONFIG": str(self.config)})
        self.assertEqual(res.code, 2, res)
        self.assertIn("trust_levels.untrusted.cpus", res.stderr)


if __name__ == "__main__":
    unittest.main()

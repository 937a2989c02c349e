"""`mai-sandbox run` leaves at once (_exit) after its command: on every exit
status path the whole output arrives and the audit log holds the run's
records, closed and intact."""
import json
import unittest

from harness import EXAMPLES, CliTestCase


class ExitPaths(CliTestCase):
    def results_on_record(self):
        shown = self.cli("audit", "show", "--type", "result", "--json")
        self.assertEqual(shown.code, 0, shown)
        return json.loads(shown.stdout)

    def assert_recorded(self, res, code, runs_so_far):
        self.assertEqual(res.code, code, res)
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)
        self.assertEqual(len(self.results_on_record()), runs_so_far)

    def test_every_exit_status_leaves_a_closed_intact_log(self):
        paths = [
            (0, [EXAMPLES / "hello.py"]),
            (7, [self.write("exit7.py", "print('bye')\nraise SystemExit(7)\n")]),
            (143, [self.write("sig.py", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n")]),
            (124, ["--timeout", "1s", EXAMPLES / "sleeper.py"]),
            (137, ["--memory", "64MiB", EXAMPLES / "memory_hog.py"]),
            (3, [EXAMPLES / "reverse_shell.py"]),  # blocked: assessed, recorded, never run
        ]
        for n, (code, args) in enumerate(paths, start=1):
            with self.subTest(code=code):
                self.assert_recorded(self.cli("run", *args), code, n)
        blocked = self.cli("audit", "show", "--type", "blocked", "--json")
        self.assertEqual(len(json.loads(blocked.stdout)), 1, blocked)

    def test_refused_input_exits_2_and_the_log_stays_intact(self):
        self.assert_recorded(self.cli("run", EXAMPLES / "hello.py"), 0, 1)
        # Refused before anything is recorded: too much code.
        big = self.write("big.py", "x = 1\n" * 400000)
        res = self.cli("run", big)
        self.assertEqual(res.code, 2, res)
        self.assertIn("larger than the limit", res.stderr)
        self.assert_recorded(res, 2, 1)

    def test_output_piped_arrives_whole(self):
        # A pipe makes standard output fully buffered: all of it is flushed
        # before the process leaves, in text and JSON mode.
        prog = self.write("lots.py", "for i in range(20000):\n    print('line', i)\n")
        res = self.cli("run", prog)
        self.assertEqual(res.code, 0, res)
        self.assertTrue(res.stdout.endswith("line 19999\n"), res.stdout[-200:])
        self.assertEqual(res.stdout.count("\n"), 20000)
        result = self.run_json(prog)
        self.assertTrue(result["execution"]["stdout"].endswith("line 19999\n"))
        self.assertEqual(len(self.results_on_record()), 2)


if __name__ == "__main__":
    unittest.main()

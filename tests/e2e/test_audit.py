"""The audit log end to end: runs leave a verifiable log; one changed byte is
caught and the bad record named; receipts in results prove what they cover."""
import json
import re
import unittest

from harness import BINARY_DIR, EXAMPLES, CliTestCase, validate


class AuditTrail(CliTestCase):
    def setUp(self):
        super().setUp()
        self.results = [
            self.run_json(EXAMPLES / "hello.py"),
            self.run_json("--memory", "64MiB", EXAMPLES / "memory_hog.py"),
            self.run_json("--timeout", "1", EXAMPLES / "sleeper.py"),
            self.run_json(EXAMPLES / "reverse_shell.py"),
            self.run_json("--override-reason", "approved for the audit test",
                          EXAMPLES / "reverse_shell.py"),
        ]

    def tamper(self, seq):
        import subprocess
        tool = BINARY_DIR / "bin" / "mai-audit-tamper"
        proc = subprocess.run([str(tool), str(self.state), str(seq)], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)

    def test_log_of_those_runs_verifies(self):
        res = self.cli("audit", "verify")
        self.assertEqual(res.code, 0, res)
        res = self.cli("audit", "verify", "--json")
        self.assertEqual(res.code, 0, res)
        report = res.json()
        self.assertTrue(report["ok"])

    def test_receipts_are_consistent_and_verify(self):
        sizes = [r["audit"]["tree_size"] for r in self.results]
        self.assertEqual(sizes, sorted(sizes))
        for result in self.results:
            receipt = self.write("receipt.json", json.dumps(result))
            res = self.cli("audit", "verify", "--receipt", receipt)
            self.assertEqual(res.code, 0, res)

    def test_one_changed_byte_is_caught_and_named(self):
        target = self.results[2]["audit"]["seq_first"]
        self.tamper(target)
        res = self.cli("audit", "verify")
        self.assertNotEqual(res.code, 0, res)
        self.assertRegex(res.stdout + res.stderr, r"record %d\b" % target)

    def test_every_request_is_on_record(self):
        res = self.cli("audit", "show", "--json")
        self.assertEqual(res.code, 0, res)
        text = res.stdout
        for result in self.results:
            self.assertIn(result["request_id"], text)
        blocked = self.results[3]["request_id"]
        res = self.cli("audit", "show", "--request", blocked, "--json")
        self.assertEqual(res.code, 0, res)
        self.assertNotIn("execution.start", res.stdout)  # the blocked code never ran
        overridden = self.results[4]["request_id"]
        res = self.cli("audit", "show", "--request", overridden, "--json")
        self.assertIn("approved for the audit test", res.stdout)
        self.assertIn("execution.start", res.stdout)
        self.assertIn("runs with untrusted limits", res.stdout)  # why its limits differ


class AssessJson(CliTestCase):
    def test_assess_json_validates(self):
        for example in ("hello.py", "memory_hog.py", "sleeper.py", "reverse_shell.py", "cpu_burn.sh"):
            res = self.cli("assess", "--json", EXAMPLES / example)
            self.assertEqual(res.code, 0, res)
            validate(res.json(), "assessment.schema.json")
        res = self.cli("assess", "--json", EXAMPLES / "reverse_shell.py")
        self.assertEqual(res.json()["level"], "BLOCKED")
        self.assertTrue(res.json()["explanation"])


if __name__ == "__main__":
    unittest.main()

"""tools/verify_export.py, the independent verifier, names the first bad
record of an export, also when the bad record's line is not a record line
at all (damaged, or a record wrapped with a member too many): it named
record 0 for those, whatever line they were on."""
import json
import subprocess
import sys
import unittest

from harness import EXAMPLES, SOURCE_DIR, CliTestCase

VERIFIER = SOURCE_DIR / "tools" / "verify_export.py"


def canonical(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class ExportVerifierNamesTheRecord(CliTestCase):
    def setUp(self):
        super().setUp()
        for _ in range(2):
            self.assertEqual(self.cli("run", EXAMPLES / "hello.py").code, 0)
        self.lines = self.cli("audit", "export", "--format", "jsonl").stdout.splitlines()
        self.pubkey = self.write("audit.pub", self.cli("audit", "pubkey").stdout)
        self.records = [i for i, line in enumerate(self.lines) if json.loads(line)["kind"] == "record"]
        self.assertGreater(len(self.records), 8)

    def verify(self, lines):
        export = self.write("log.jsonl", "\n".join(lines) + "\n")
        proc = subprocess.run([sys.executable, str(VERIFIER), "--pubkey", str(self.pubkey), "--json",
                               str(export)], capture_output=True, text=True, timeout=120)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        return json.loads(proc.stdout)

    def line_of(self, seq, edit):
        lines = list(self.lines)
        lines[self.records[seq]] = edit(lines[self.records[seq]])
        return lines

    def test_a_line_that_is_no_record_is_named_as_the_record_it_replaces(self):
        def extra_member(line):
            return canonical(dict(json.loads(line), extra=1))
        report = self.verify(self.line_of(6, extra_member))
        self.assertEqual(report["first_bad_seq"], 6, report)
        report = self.verify(self.line_of(6, lambda line: line.replace(':', ': ', 1)))
        self.assertEqual(report["first_bad_seq"], 6, report)
        self.assertIn("damaged", report["reason"])

    def test_an_earlier_bad_record_is_named_first(self):
        def bad_signature(line):
            obj = json.loads(line)
            sig = obj["record"]["sig"]
            obj["record"]["sig"] = ("B" if sig[0] == "A" else "A") + sig[1:]
            return canonical(obj)
        lines = self.line_of(3, bad_signature)
        lines[self.records[6]] = "not json"
        report = self.verify(lines)
        self.assertEqual(report["first_bad_seq"], 3, report)
        self.assertIn("signature", report["reason"])


if __name__ == "__main__":
    unittest.main()

"""Hostile and unusual input against the real binary and a real `serve`.

Every case gets a clear answer (a result, or exit 2 with a message) within a
deadline, loses nothing (the audit log holds the exact bytes and verifies),
and is followed by a legitimate request that must succeed promptly: nothing
may hang, crash or lock anyone out."""
import base64
import hashlib
import json
import os
import pathlib
import subprocess
import time
import unittest

from harness import EXAMPLES, CliTestCase, validate
from service import Service

PROMPT = 60  # seconds a legitimate request may take on a busy machine


def exact(obj, key):
    """The exact bytes of a field written by the bytes rule (schemas/bytes.schema.json)."""
    if key + "_base64" in obj:
        return base64.b64decode(obj[key + "_base64"])
    return obj[key].encode()


class HostileTestCase(CliTestCase):
    def still_serves(self):
        """A legitimate run right after the hostile one: prompt and correct."""
        res = self.cli("run", EXAMPLES / "hello.py", timeout=PROMPT)
        self.assertEqual(res.code, 0, res)
        self.assertIn("Hello from inside mai-sandbox", res.stdout)

    def write_bytes(self, name, data):
        path = self.tmp / name
        path.write_bytes(data)
        return path

    def records(self, request_id):
        res = self.cli("audit", "show", "--request", request_id, "--json")
        self.assertEqual(res.code, 0, res)
        return res.json()

    def verify(self):
        res = self.cli("audit", "verify", timeout=PROMPT)
        self.assertEqual(res.code, 0, res)


class NonUtf8Bytes(HostileTestCase):
    def test_non_utf8_source_is_assessed_run_and_recorded_exactly(self):
        code = b'print("\xff")\n'
        path = self.write_bytes("n.py", code)
        res = self.cli("run", "--json", path, timeout=PROMPT, text=False)
        self.assertEqual(res.code, 0, res)
        result = json.loads(res.stdout)
        validate(result, "result.schema.json")
        self.assertEqual(result["status"], "completed")
        self.assertEqual(result["assessment"]["code_sha256"], hashlib.sha256(code).hexdigest())
        # Python refuses the file itself, as it would outside the sandbox.
        self.assertIn(b"SyntaxError", exact(result["execution"], "stderr"))
        submission = [r for r in self.records(result["request_id"]) if r["type"] == "submission"][0]
        self.assertEqual(exact(submission["data"], "code"), code)
        self.verify()
        self.still_serves()

    def test_plain_run_of_non_utf8_source_ends(self):
        res = self.cli("run", self.write_bytes("n.py", b'print("\xff")\n'), timeout=PROMPT,
                       text=False)
        self.assertEqual(res.code, 1, res)  # Python's own SyntaxError exit
        self.still_serves()

    def test_latin1_file_with_a_coding_declaration_runs(self):
        code = "# -*- coding: latin-1 -*-\nprint('caf\xe9')\n".encode("latin-1")
        res = self.cli("run", "--json", self.write_bytes("l.py", code), timeout=PROMPT,
                       text=False)
        result = json.loads(res.stdout)
        self.assertEqual(exact(result["execution"], "stdout"), "café\n".encode())
        self.still_serves()

    def test_utf16_file_gets_an_answer(self):
        code = "print('hi')\n".encode("utf-16")
        res = self.cli("run", "--json", self.write_bytes("u.py", code), timeout=PROMPT,
                       text=False)
        self.assertEqual(res.code, 0, res)
        result = json.loads(res.stdout)
        validate(result, "result.schema.json")
        self.assertEqual(result["status"], "completed")
        self.still_serves()

    def test_non_utf8_file_name_and_override_reason(self):
        blocked = (EXAMPLES / "reverse_shell.py").read_bytes()
        path = self.tmp / os.fsdecode(b"r\xe9v\xff.py")
        path.write_bytes(blocked)
        reason = b"approved \xff\xfe by the on-call"
        res = self.cli("run", "--json", "--override-reason", reason, path, timeout=PROMPT,
                       text=False)
        self.assertEqual(res.code, 0, res)
        result = json.loads(res.stdout)
        validate(result, "result.schema.json")
        recs = self.records(result["request_id"])
        sub = [r for r in recs if r["type"] == "submission"][0]["data"]
        self.assertEqual(exact(sub, "filename"), os.fsencode(path))
        override = [r for r in recs if r["type"] == "override"][0]["data"]
        self.assertEqual(exact(override, "reason"), reason)
        self.verify()
        self.still_serves()

    def test_non_utf8_output_gives_a_result_object(self):
        program = b'import sys\nsys.stdout.buffer.write(b"\\xff\\x00ok\\n")\nsys.stderr.buffer.write(b"\\xc3(")\n'
        res = self.cli("run", "--json", self.write_bytes("o.py", program), timeout=PROMPT,
                       text=False)
        self.assertEqual(res.code, 0, res)
        result = json.loads(res.stdout)
        validate(result, "result.schema.json")
        self.assertEqual(exact(result["execution"], "stdout"), b"\xff\x00ok\n")
        self.assertEqual(exact(result["execution"], "stderr"), b"\xc3(")
        # Plain mode passes the bytes through untouched.
        res = self.cli("run", self.tmp / "o.py", timeout=PROMPT, text=False)
        self.assertEqual(res.stdout, b"\xff\x00ok\n")
        self.still_serves()

    def test_binary_garbage_and_nul_bytes_as_code(self):
        for name, data in (("garbage.py", os.urandom(4096)), ("nul.py", b"print(1)\x00\x00\n"),
                           ("ls.sh", pathlib.Path("/bin/ls").read_bytes()[:200000])):
            with self.subTest(name):
                res = self.cli("run", "--json", self.write_bytes(name, data), timeout=PROMPT,
                               text=False)
                self.assertEqual(res.code, 0, res)
                validate(json.loads(res.stdout), "result.schema.json")
        self.verify()
        self.still_serves()

    def test_non_utf8_code_on_standard_input(self):
        res = self.cli("run", "--json", "-", stdin=b"print('\xfe')\n", timeout=PROMPT, text=False)
        self.assertEqual(res.code, 0, res)
        self.still_serves()


class BadFilesAndFlags(HostileTestCase):
    def test_a_fifo_is_refused_at_once(self):
        fifo = self.tmp / "f"
        os.mkfifo(fifo)
        start = time.monotonic()
        res = self.cli("run", fifo, timeout=PROMPT)
        self.assertEqual(res.code, 2, res)
        self.assertIn("not a regular file", res.stderr)
        self.assertLess(time.monotonic() - start, PROMPT)
        res = self.cli("assess", fifo, timeout=PROMPT)
        self.assertEqual(res.code, 2, res)
        self.still_serves()

    @unittest.skipUnless(os.access("/proc/kmsg", os.R_OK), "needs /proc/kmsg (root)")
    def test_a_regular_file_whose_read_waits_is_refused_at_once(self):
        # /proc/kmsg is a regular file whose read waits for the next kernel
        # message: `assess` and `run` hung on it. (Its reader takes what
        # messages are pending; nothing on a test machine reads it.)
        for cmd in ("assess", "run"):
            with self.subTest(cmd):
                start = time.monotonic()
                res = self.cli(cmd, "/proc/kmsg", timeout=PROMPT)
                self.assertEqual(res.code, 2, res)
                self.assertIn("/proc/kmsg", res.stderr)
                self.assertLess(time.monotonic() - start, PROMPT)
        self.still_serves()

    def test_directories_devices_and_missing_files(self):
        for target in (self.tmp, "/dev/zero", "/dev/null", self.tmp / "missing.py"):
            with self.subTest(str(target)):
                res = self.cli("run", target, timeout=PROMPT)
                self.assertEqual(res.code, 2, res)
                self.assertTrue(res.stderr.strip(), res)
        self.still_serves()

    def test_limits_out_of_range_are_usage_errors(self):
        hello = EXAMPLES / "hello.py"
        for args in (["--pids", "1"], ["--pids", "0"], ["--pids", "-3"], ["--pids", "x"],
                     ["--timeout", "0"], ["--timeout", "-1s"], ["--memory", "1"],
                     ["--memory", "lots"], ["--cpus", "0"], ["--cpus", "nan"], ["--cpus", "inf"],
                     ["--trust", "root"], ["--lang", "cobol"], ["--network", "all"],
                     ["--backend", "qemu"], ["--override-reason", "   "], ["--parent", "../x"],
                     ["--no-such-flag"]):
            with self.subTest(args):
                res = self.cli("run", *args, hello, timeout=PROMPT)
                self.assertEqual(res.code, 2, res)
                self.assertTrue(res.stderr.strip(), res)
        self.still_serves()

    def test_oversized_code_is_refused_with_a_message(self):
        big = self.write_bytes("big.py", b"x = 1\n" * 400000)  # 2.4 MB > max_code 1 MiB
        res = self.cli("run", big, timeout=PROMPT)
        self.assertEqual(res.code, 2, res)
        self.assertIn("larger than the limit", res.stderr)
        res = self.cli("run", "-", stdin=b"#" * (3 << 20), timeout=PROMPT, text=False)
        self.assertEqual(res.code, 2, res)
        self.still_serves()

    def test_limits_above_the_cap_are_said(self):
        res = self.cli("run", "--json", "--cpus", "64", "--memory", "64GiB",
                       EXAMPLES / "hello.py", timeout=PROMPT)
        self.assertEqual(res.code, 0, res)
        notes = res.json()["policy_notes"]
        self.assertTrue(any(n.startswith("cpus 64 asked") for n in notes), notes)
        self.assertTrue(any(n.startswith("memory 64GiB asked") for n in notes), notes)
        self.assertIn("note: cpus 64 asked", res.stderr)

    def test_a_downgrade_is_said(self):
        high = self.write("high.py", "import subprocess\nsubprocess.run(['sudo', 'id'])\n")
        res = self.cli("run", "--json", "--trust", "trusted", "--network", "deps", high,
                       timeout=PROMPT)
        self.assertEqual(res.code, 0, res)
        result = res.json()
        self.assertEqual(result["execution"]["trust"], "untrusted")
        self.assertEqual(result["execution"]["network"], "none")
        self.assertEqual(len(result["policy_notes"]), 2, result["policy_notes"])
        self.assertIn("runs without network", res.stderr)

    def test_code_not_analysed_whole_is_contained(self):
        # Padding the assessor cannot see through (here: nesting past its
        # limit) must not buy a payload behind it the trust it asked for.
        deep = self.write("deep.py", "x = " + "(" * 500 + "1" + ")" * 500 + "\nprint('ran')\n")
        res = self.cli("run", "--json", "--trust", "trusted", "--network", "deps", deep, timeout=PROMPT)
        self.assertEqual(res.code, 0, res)
        result = res.json()
        validate(result, "result.schema.json")
        self.assertIs(result["assessment"]["complete"], False)
        self.assertEqual(result["assessment"]["level"], "MEDIUM")
        self.assertEqual(result["execution"]["trust"], "untrusted")
        self.assertEqual(result["execution"]["network"], "none")
        self.assertTrue(all(n.startswith("not analysed whole") for n in result["policy_notes"]),
                        result["policy_notes"])
        self.assertEqual(len(result["policy_notes"]), 2, result["policy_notes"])
        # Code analysed whole keeps what it asked for.
        whole = self.cli("run", "--json", "--trust", "trusted", EXAMPLES / "hello.py", timeout=PROMPT).json()
        self.assertNotIn("complete", whole["assessment"])
        self.assertEqual(whole["execution"]["trust"], "trusted")


class BrokenConfiguration(HostileTestCase):
    def config_with(self, name, text):
        conf = self.tmp / "conf"
        conf.mkdir(exist_ok=True)
        (conf / name).write_bytes(text if isinstance(text, bytes) else text.encode())
        return conf

    def test_every_broken_file_is_named_with_exit_2(self):
        sandbox = (self.config / "sandbox.yaml").read_text()
        run, assess, doctor = ["run", EXAMPLES / "hello.py"], ["assess", EXAMPLES / "hello.py"], ["doctor", "--quick"]
        # (file, text, the commands that read that file)
        cases = [
            ("sandbox.yaml", "backend: [native\n", (run, assess, doctor)),
            ("sandbox.yaml", b"\xff\xfe garbage: ][", (run, assess, doctor)),
            ("sandbox.yaml", sandbox.replace("flood: 64MiB", "flood: 0"), (run, doctor)),
            ("sandbox.yaml", sandbox.replace("max_code: 1MiB", "max_code: {}"), (run, assess, doctor)),
            ("audit.yaml", "- just\n- a list\n", (run, doctor)),
            ("network.yaml", "allow: 5\n", (run, doctor)),
            ("service.yaml", "connections: {max: 0}\n", (doctor,)),
            ("assessment.yaml", "rules: {oops: [}\n", (run, assess, doctor)),
            ("known-threats.yaml", "packages: 17\n", (run, assess, doctor)),
        ]
        for name, text, commands in cases:
            conf = self.config_with(name, text)
            try:
                for cmd in commands:
                    with self.subTest(name=name, text=str(text)[:30], cmd=cmd[0]):
                        res = self.cli("--config", conf, *cmd, config=False, timeout=PROMPT)
                        self.assertEqual(res.code, 2, res)
                        self.assertIn(name, res.stderr, res)
            finally:
                (conf / name).unlink()
        self.still_serves()

    def test_a_fifo_as_config_file_is_refused(self):
        conf = self.tmp / "conf"
        conf.mkdir()
        os.mkfifo(conf / "sandbox.yaml")
        res = self.cli("--config", conf, "run", EXAMPLES / "hello.py", config=False, timeout=PROMPT)
        self.assertEqual(res.code, 2, res)
        self.still_serves()


class HostileService(HostileTestCase):
    """The same bytes through `submit`: the service answers them and keeps
    taking everyone's submissions."""

    @classmethod
    def setUpClass(cls):
        cls.base = pathlib.Path(__import__("tempfile").mkdtemp(prefix="mai-hostile-"))
        cls.service = Service(cls.base / "state", pathlib.Path(os.environ.get(
            "MAI_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2])) / "config")

    @classmethod
    def tearDownClass(cls):
        cls.service.stop()
        __import__("shutil").rmtree(cls.base, ignore_errors=True)

    def submit(self, *args, **kw):
        return self.cli("submit", "--server", self.service.address, *args, **kw)

    def still_serves(self):
        res = self.submit(EXAMPLES / "hello.py", timeout=PROMPT)
        self.assertEqual(res.code, 0, res)
        self.assertIn("Hello from inside mai-sandbox", res.stdout)
        status = self.cli("status", "--server", self.service.address, "--json", timeout=PROMPT)
        self.assertEqual(status.code, 0, status)
        self.assertTrue(status.json()["healthy"], status)

    def test_non_utf8_source_through_submit(self):
        code = b'print("\xff")\n'
        res = self.submit("--json", self.write_bytes("n.py", code), timeout=PROMPT, text=False)
        self.assertEqual(res.code, 0, res)
        result = json.loads(res.stdout)
        validate(result, "result.schema.json")
        self.assertEqual(result["assessment"]["code_sha256"], hashlib.sha256(code).hexdigest())
        for _ in range(3):
            self.still_serves()

    def test_non_utf8_output_through_submit(self):
        program = b'import sys\nsys.stdout.buffer.write(b"\\xff")\n'
        res = self.submit("--json", self.write_bytes("o.py", program), timeout=PROMPT, text=False)
        self.assertEqual(res.code, 0, res)
        result = json.loads(res.stdout)
        self.assertEqual(exact(result["execution"], "stdout"), b"\xff")
        self.still_serves()

    def test_non_utf8_name_and_reason_through_submit(self):
        path = self.tmp / os.fsdecode(b"x\xff.py")
        path.write_bytes((EXAMPLES / "reverse_shell.py").read_bytes())
        res = self.submit("--json", "--override-reason", b"ok \xff", path, timeout=PROMPT,
                          text=False)
        self.assertEqual(res.code, 0, res)
        self.still_serves()

    def test_bad_limits_through_submit_are_usage_errors(self):
        res = self.submit("--pids", "1", EXAMPLES / "hello.py", timeout=PROMPT)
        self.assertEqual(res.code, 2, res)
        self.still_serves()


if __name__ == "__main__":
    unittest.main()

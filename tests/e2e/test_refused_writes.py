"""What the code tried to write and was refused (docs/sandbox.md): the count
and the first paths in the result of `run` and of `submit` through `serve`,
in the execution.end audit record, and a flood of 200,000 refused opens
through the service, which finishes with a bounded record and leaves the
service serving. On both backends; the docker cases skip, saying why, where
no Docker daemon or image is."""
import json
import unittest

from harness import CliTestCase, validate
from service import Service
from test_docker import WHY as NO_DOCKER

# Writes outside the writable mounts (counted) next to writes inside (not).
PROGRAM = (
    "import os\n"
    "for p in ['/usr/lib/evil', '/opt/x/y']:\n"
    "    try:\n"
    "        open(p, 'w')\n"
    "    except OSError as e:\n"
    "        print(e.errno)\n"
    "try:\n"
    "    os.mkdir('/usr/newdir')\n"
    "except OSError as e:\n"
    "    print(e.errno)\n"
    "open('/sandbox/fine', 'w').write('x')\n"
    "open('/tmp/fine', 'w').write('x')\n"
    "open('/dev/null', 'w').write('x')\n")

FIRST = [{"call": "openat", "path": "/usr/lib/evil"},
         {"call": "openat", "path": "/opt/x/y"},
         {"call": "mkdir", "path": "/usr/newdir"}]


def end_record(log_json):
    for line in log_json.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        record = json.loads(line)
        if record.get("type") == "execution.end":
            return record
    return None


class RefusedWrites(CliTestCase):
    BACKEND = "native"

    def check(self, result):
        validate(result, "result.schema.json")
        ex = result["execution"]
        self.assertEqual(ex["backend"], self.BACKEND)
        self.assertEqual(ex["stdout"], "30\n2\n30\n")  # EROFS, ENOENT (no /opt), EROFS
        self.assertEqual(ex["refused_writes"], {"counted": True, "count": 3, "first": FIRST})
        log = self.cli("audit", "show", "--request", result["request_id"], "--json")
        self.assertEqual(log.code, 0, log)
        self.assertIn('"refused_writes"', log.stdout)
        self.assertIn("/usr/lib/evil", log.stdout)
        self.assertIn("/usr/newdir", log.stdout)

    def test_run_counts_them_in_the_result_and_the_log(self):
        res = self.cli("run", "--backend", self.BACKEND, "--json", self.write("w.py", PROGRAM))
        self.assertEqual(res.code, 0, res)
        self.check(res.json())
        plain = self.cli("run", "--backend", self.BACKEND, self.write("w.py", PROGRAM))
        self.assertIn("3 writes outside /sandbox and /tmp refused, first: openat /usr/lib/evil",
                      plain.stderr)
        self.assertEqual(self.cli("audit", "verify").code, 0)

    def test_a_refused_path_reaches_the_terminal_escaped(self):
        # The path is the code's choice and the note is the CLI's own line:
        # raw, it could recolour or retitle the terminal, or start a forged
        # `mai-sandbox:` line after a newline.
        code = ("try:\n"
                "    open(b'/usr/\\x1b[31mred\\x1b]0;title\\x07\\nmai-sandbox: fake\\x9b', 'w')\n"
                "except OSError:\n"
                "    pass\n")
        res = self.cli("run", "--backend", self.BACKEND, self.write("esc.py", code), text=False)
        self.assertEqual(res.code, 0, res)
        note = [line for line in res.stderr.split(b"\n") if b"refused, first" in line]
        self.assertEqual(len(note), 1, res.stderr)
        self.assertTrue(note[0].endswith(
            b"first: openat /usr/\\x1b[31mred\\x1b]0;title\\x07\\x0amai-sandbox: fake\xef\xbf\xbd"), note)
        self.assertNotIn(b"\x1b", res.stderr)
        self.assertNotIn(b"\x07", res.stderr)

    def test_through_serve_and_a_flood_leaves_it_serving(self):
        # The flood writes under /usr (HIGH: untrusted limits, 0.5 CPU). It
        # takes 4-8 s on an idle machine; on a loaded one each refused call
        # waits for the host's watcher, so the untrusted timeout gets room:
        # this test is about the count and the service, not the clock.
        self.edit_config("sandbox.yaml", lambda t: t.replace("timeout: 30s", "timeout: 300s", 1))
        service = Service(self.state, self.config)
        try:
            res = self.cli("submit", "--server", service.address, "--backend", self.BACKEND, "--json",
                           self.write("w.py", PROGRAM))
            self.assertEqual(res.code, 0, res)
            self.check(res.json())

            flood = self.write("flood.py", (
                "import os\n"
                "n = 0\n"
                "for i in range(200000):\n"
                "    try:\n"
                "        os.open('/usr/lib/x%d' % (i % 7), os.O_WRONLY | os.O_CREAT)\n"
                "    except OSError:\n"
                "        n += 1\n"
                "print(n)\n"))
            res = self.cli("submit", "--server", service.address, "--backend", self.BACKEND, "--json",
                           "--trust", "trusted", flood, timeout=300)
            self.assertEqual(res.code, 0, res)
            result = res.json()
            validate(result, "result.schema.json")
            ex = result["execution"]
            self.assertEqual(ex["termination"], "exited", ex)
            self.assertEqual(ex["stdout"], "200000\n")
            self.assertEqual(ex["refused_writes"]["count"], 200000)
            self.assertEqual(len(ex["refused_writes"]["first"]), 16)
            self.assertTrue(service.alive())

            after = self.cli("submit", "--server", service.address, "--backend", self.BACKEND, "--json",
                             self.write("ok.py", "print('still here')\n"))
            self.assertEqual(after.code, 0, after)
            self.assertEqual(after.json()["execution"]["stdout"], "still here\n")
            self.assertEqual(after.json()["execution"]["refused_writes"]["count"], 0)
        finally:
            service.stop()


@unittest.skipIf(NO_DOCKER, NO_DOCKER)
class DockerRefusedWrites(RefusedWrites):
    """The same counts, records and flood on Docker (cold and warm containers)."""
    BACKEND = "docker"


if __name__ == "__main__":
    unittest.main()

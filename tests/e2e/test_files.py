"""Files in and out of `run` on both backends: --input, --output-dir,
--collect-tmp, the manifest in the result and in the audit log, hostile names
and hostile outputs. The docker cases skip, saying why, where no Docker
daemon or image is (tools/start-dockerd.sh, tools/build-docker-image.sh)."""
import hashlib
import json
import os
import unittest

from harness import CliTestCase, validate
from test_docker import WHY as NO_DOCKER


def sha(data):
    return hashlib.sha256(data).hexdigest()


class FilesInAndOut(CliTestCase):
    BACKEND = "native"

    def run_cli(self, *args, **kw):
        return self.cli("run", "--backend", self.BACKEND, *args, **kw)

    def run_json(self, *args, **kw):
        result = super().run_json("--backend", self.BACKEND, *args, **kw)
        self.assertEqual(result["execution"]["backend"], self.BACKEND)
        return result

    def setUp(self):
        super().setUp()
        self.inputs = self.tmp / "inputs"
        (self.inputs / "sub").mkdir(parents=True)
        (self.inputs / "a.csv").write_bytes(b"x,y\n1,2\n")
        (self.inputs / "sub" / "b.txt").write_bytes(b"bee\n")

    def test_inputs_in_outputs_out_and_on_record(self):
        prog = self.write("prog.py", (
            "import os\n"
            "print(open('/sandbox/data.csv').read(), end='')\n"
            "print(sorted(os.listdir('/sandbox/in')))\n"
            "open('/sandbox/in/sub/b.txt', 'a').write('changed')\n"
            "os.makedirs('/sandbox/out')\n"
            "open('/sandbox/out/plot.txt', 'w').write('plot')\n"
            "open('/tmp/t.txt', 'w').write('tmp')\n"))
        out = self.tmp / "out"
        res = self.run_cli("--json", "--input", f"{self.inputs / 'a.csv'}=data.csv",
                       "--input", f"{self.inputs}=in", "--output-dir", out, "--collect-tmp", prog)
        self.assertEqual(res.code, 0, res)
        result = res.json()
        validate(result, "result.schema.json")
        ex = result["execution"]
        self.assertEqual(ex["stdout"], "x,y\n1,2\n['a.csv', 'sub']\n")
        files = {f["path"]: f for f in ex["files"]}
        self.assertEqual(set(files), {"/sandbox/in/sub/b.txt", "/sandbox/out/plot.txt", "/tmp/t.txt"})
        self.assertTrue(files["/sandbox/in/sub/b.txt"]["changed_input"])
        self.assertFalse(files["/sandbox/out/plot.txt"]["changed_input"])
        self.assertEqual(files["/sandbox/out/plot.txt"]["sha256"], sha(b"plot"))
        self.assertEqual(ex["files_unlisted"], 0)
        self.assertEqual((out / "sandbox/out/plot.txt").read_bytes(), b"plot")
        self.assertEqual((out / "sandbox/in/sub/b.txt").read_bytes(), b"bee\nchanged")
        self.assertEqual((out / "tmp/t.txt").read_bytes(), b"tmp")
        self.assertIn("3 files written to", res.stderr)

        # The submission record holds each input's hash; execution.end the manifest.
        log = self.cli("audit", "show", "--request", result["request_id"], "--json")
        self.assertEqual(log.code, 0, log)
        self.assertIn(sha(b"x,y\n1,2\n"), log.stdout)
        self.assertIn(sha(b"bee\n"), log.stdout)
        self.assertIn(sha(b"plot"), log.stdout)
        self.assertIn("files_sha256", log.stdout)
        self.assertEqual(self.cli("audit", "verify").code, 0)

    def test_hostile_input_names_are_refused(self):
        prog = self.write("p.py", "print('ran')\n")
        link = self.tmp / "link"
        os.symlink("/etc/passwd", link)
        fifo = self.tmp / "fifo"
        os.mkfifo(fifo)
        linked_dir = self.tmp / "linked"
        linked_dir.mkdir()
        os.symlink("/etc/passwd", linked_dir / "passwd")
        cases = [
            (f"{self.inputs / 'a.csv'}=../escape", "'..'"),
            (f"{self.inputs / 'a.csv'}=/etc/evil", "absolute"),
            (f"{self.inputs / 'a.csv'}=a/../../b", "'..'"),
            (f"{self.inputs / 'a.csv'}=main.py", "code's own"),
            (str(link), "symbolic link"),
            (str(fifo), "not a regular file"),
            (str(linked_dir), "symbolic link"),
            (str(self.tmp / "missing"), "No such file"),
        ]
        for spec, why in cases:
            res = self.run_cli("--input", spec, prog)
            self.assertEqual(res.code, 2, (spec, res))
            self.assertIn(why, res.stderr, spec)
            self.assertNotIn("ran", res.stdout)
        res = self.run_cli("--input", f"{self.inputs / 'a.csv'}=x", "--input",
                       f"{self.inputs / 'a.csv'}=x", prog)
        self.assertEqual(res.code, 2, res)
        self.assertIn("given twice", res.stderr)

    def test_hostile_outputs_never_followed(self):
        prog = self.write("p.py", (
            "import os\n"
            "os.symlink('/etc/passwd', '/sandbox/passwd')\n"
            "os.mkfifo('/sandbox/fifo')\n"
            "open('/sandbox/t', 'w').write('t')\n"
            "os.link('/sandbox/t', '/sandbox/hard')\n"
            "try: os.link('/etc/passwd', '/sandbox/outside')\n"
            "except OSError as e: print('refused', e.errno)\n"
            "os.mkdir('/sandbox/many')\n"
            "for i in range(10000):\n"
            "    open('/sandbox/many/%05d' % i, 'w').write(str(i))\n"))
        out = self.tmp / "out"
        # A symlink already in the output directory is not followed either.
        (out / "sandbox").mkdir(parents=True)
        os.symlink("/etc", out / "sandbox" / "many")
        res = self.run_cli("--json", "--timeout", "60", "--output-dir", out, prog, timeout=300)
        self.assertNotEqual(res.code, 0)  # refused to write through the planted symlink
        self.assertIn("many", res.stderr)
        os.unlink(out / "sandbox" / "many")
        res = self.run_cli("--json", "--timeout", "60", "--output-dir", out, prog, timeout=300)
        self.assertEqual(res.code, 0, res)
        ex = res.json()["execution"]
        self.assertEqual(ex["stdout"], "refused 18\n")  # EXDEV: no link leaves the run's tmpfs
        files = {f["path"]: f for f in ex["files"]}
        self.assertEqual(len(files), 10004)
        self.assertEqual(files["/sandbox/passwd"]["kind"], "symlink")
        self.assertEqual(files["/sandbox/passwd"]["link_target"], "/etc/passwd")
        self.assertIsNone(files["/sandbox/passwd"]["sha256"])
        self.assertEqual(files["/sandbox/fifo"]["kind"], "fifo")
        self.assertEqual(files["/sandbox/hard"]["links"], 2)
        self.assertFalse(os.path.lexists(out / "sandbox/passwd"))
        self.assertFalse(os.path.lexists(out / "sandbox/fifo"))
        self.assertEqual((out / "sandbox/many/09999").read_text(), "9999")
        self.assertEqual((out / "sandbox/hard").read_text(), "t")

    def test_huge_file_stops_at_the_tmpfs_cap(self):
        prog = self.write("p.py", (
            "with open('/sandbox/huge', 'wb') as f:\n"
            "    try:\n"
            "        while True: f.write(b'x' * 65536); f.flush()\n"
            "    except OSError as e: print(e.errno)\n"))
        out = self.tmp / "out"
        res = self.run_cli("--json", "--output-dir", out, prog)
        self.assertEqual(res.code, 0, res)
        ex = res.json()["execution"]
        # ENOSPC at the run's tmpfs cap. A monitor sample that finds the
        # tmpfs full first ends the run for its disk limit (on a busy machine
        # the program is slower than the sampling), maybe between the two
        # writes of its unbuffered print: the file is listed either way.
        if ex["termination"] == "exited":
            self.assertEqual(ex["stdout"], "28\n")
        else:
            self.assertEqual(ex["termination"], "disk_limit", ex)
            self.assertTrue("28\n".startswith(ex["stdout"]), ex["stdout"])
        [huge] = ex["files"]
        self.assertEqual(huge["path"], "/sandbox/huge")
        self.assertGreater(huge["size"], 16 << 20)
        self.assertEqual(len(huge["sha256"]), 64)
        self.assertIn("max_output_file", huge["note"])
        self.assertFalse((out / "sandbox/huge").exists())

    def test_killed_run_still_has_its_manifest(self):
        prog = self.write("p.py", (
            "import time\n"
            "open('/sandbox/first', 'w').write('1')\n"
            "while True:\n"
            "    open('/sandbox/log', 'a').write('x' * 100)\n"
            "    time.sleep(0.001)\n"))
        result = self.run_json("--timeout", "1500ms", prog)
        ex = result["execution"]
        self.assertEqual(ex["termination"], "timeout")
        paths = {f["path"] for f in ex["files"]}
        self.assertEqual(paths, {"/sandbox/first", "/sandbox/log"})


@unittest.skipIf(NO_DOCKER, NO_DOCKER)
class DockerFilesInAndOut(FilesInAndOut):
    """The same files, the same records, the same refusals on Docker."""
    BACKEND = "docker"


if __name__ == "__main__":
    unittest.main()

"""Files through the service: `submit --input ... --output-dir` to a
coordinator that runs nothing itself (`serve --local-slots 0`) and one worker
(its own pid namespace), plain TCP on loopback. The inputs travel in the
submission, the manifest and the contents in the result. The same on the
docker backend, with a worker in the host's namespaces (the daemon must see
the run's tmpfs mounts; docs/docker.md, "Files")."""
import hashlib
import os
import unittest

from harness import CliTestCase, validate
from service import Service, Worker
from test_docker import WHY as NO_DOCKER


class ClusterFiles(CliTestCase):
    def setUp(self):
        super().setUp()
        self.service = Service(self.state, self.config, extra=["--local-slots", "0"])
        self.worker = Worker(self.tmp / "state-w1", self.config, self.service.address, "w1")
        self.worker.wait_joined()

    def tearDown(self):
        self.worker.stop()
        self.service.stop()
        super().tearDown()

    def test_inputs_in_and_files_out_through_a_worker(self):
        data = self.tmp / "numbers.txt"
        data.write_text("1\n2\n3\n")
        prog = self.write("sum.py", (
            "total = sum(int(x) for x in open('/sandbox/in/numbers.txt'))\n"
            "open('/sandbox/total.txt', 'w').write(str(total))\n"
            "print(total)\n"))
        out = self.tmp / "out"
        res = self.cli("submit", "--server", self.service.address, "--json",
                       "--input", f"{data}=in/numbers.txt", "--output-dir", out, prog)
        self.assertEqual(res.code, 0, res)
        result = res.json()
        validate(result, "result.schema.json")
        ex = result["execution"]
        self.assertEqual(ex["worker"], "w1")
        self.assertEqual(ex["stdout"], "6\n")
        self.assertEqual([f["path"] for f in ex["files"]], ["/sandbox/total.txt"])
        self.assertEqual(ex["files"][0]["sha256"], hashlib.sha256(b"6").hexdigest())
        self.assertEqual((out / "sandbox/total.txt").read_text(), "6")

        log = self.cli("audit", "show", "--request", result["request_id"], "--json")
        self.assertEqual(log.code, 0, log)
        self.assertIn(hashlib.sha256(b"1\n2\n3\n").hexdigest(), log.stdout)  # submission.inputs
        self.assertIn(hashlib.sha256(b"6").hexdigest(), log.stdout)          # execution.end.files

    def test_bad_input_names_are_refused_before_sending(self):
        prog = self.write("p.py", "print('ran')\n")
        res = self.cli("submit", "--server", self.service.address, "--input",
                       f"{prog}=../../etc/x", prog)
        self.assertEqual(res.code, 2, res)
        self.assertIn("'..'", res.stderr)


@unittest.skipIf(NO_DOCKER, NO_DOCKER)
class ClusterFilesDocker(CliTestCase):
    def setUp(self):
        super().setUp()
        self.service = Service(self.state, self.config, extra=["--local-slots", "0"])
        self.worker = Worker(self.tmp / "state-w1", self.config, self.service.address, "w1",
                             pid_namespace=False)
        self.worker.wait_joined()

    def tearDown(self):
        self.worker.stop()
        self.service.stop()
        super().tearDown()

    def test_inputs_in_and_files_out_on_docker_through_a_worker(self):
        data = self.tmp / "numbers.txt"
        data.write_text("4\n5\n")
        prog = self.write("sum.py", (
            "import os\n"
            "total = sum(int(x) for x in open('/sandbox/in/numbers.txt'))\n"
            "open('/sandbox/total.txt', 'w').write(str(total))\n"
            "os.symlink('/etc/passwd', '/sandbox/passwd')\n"
            "print(total)\n"))
        out = self.tmp / "out"
        res = self.cli("submit", "--server", self.service.address, "--json", "--backend", "docker",
                       "--input", f"{data}=in/numbers.txt", "--output-dir", out, prog)
        self.assertEqual(res.code, 0, res)
        result = res.json()
        validate(result, "result.schema.json")
        ex = result["execution"]
        self.assertEqual((ex["worker"], ex["backend"], ex["stdout"]), ("w1", "docker", "9\n"))
        files = {f["path"]: f for f in ex["files"]}
        self.assertEqual(set(files), {"/sandbox/total.txt", "/sandbox/passwd"})
        self.assertEqual(files["/sandbox/passwd"]["link_target"], "/etc/passwd")
        self.assertEqual((out / "sandbox/total.txt").read_text(), "9")
        self.assertFalse(os.path.lexists(out / "sandbox/passwd"))


if __name__ == "__main__":
    unittest.main()

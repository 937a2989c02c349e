"""Files through the service: `submit --input ... --output-dir` to a
coordinator that runs nothing itself (`serve --local-slots 0`) and one worker
(its own pid namespace), plain TCP on loopback. The inputs travel in the
submission, the manifest and the contents in the result."""
import hashlib
import unittest

from harness import CliTestCase, validate
from service import Service, Worker


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


if __name__ == "__main__":
    unittest.main()

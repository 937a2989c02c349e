"""`mai-sandbox run` interrupted (Ctrl-C, SIGTERM, SIGHUP) while its program
runs: the run is stopped as a limit would stop it (termination `killed`, the
signal named), its execution.end is on record, nothing of it is left (no
process, cgroup or scratch directory) and the command exits 128+N. Before,
the default action ended the process: the sandbox died with it, but its
cgroup and directory stayed until the next run on that state directory and
the log held an execution that never ended."""
import json
import os
import pathlib
import signal
import subprocess
import unittest

from harness import BINARY, CliTestCase, processes_in_cgroups_of
from test_docker import WHY as NO_DOCKER

PROGRAM = "import time\nprint('started', flush=True)\ntime.sleep(600)\n"
SLEEP_SYSCALLS = {"35", "230"}  # nanosleep, clock_nanosleep (x86-64)


def program_asleep(text):
    """Whether a process runs a script holding `text` (read through its own
    root, the sandbox's) and sleeps in the kernel: it has printed what comes
    before its sleep. `execution.start` on record is earlier than that by
    the interpreter's start, which on a loaded machine (a container's
    especially) can outlast the signal."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            args = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            scripts = [a.decode() for a in args if a.endswith(b".py")]
            if not scripts or text not in pathlib.Path(f"/proc/{pid}/root{scripts[-1]}").read_text():
                continue
            if pathlib.Path(f"/proc/{pid}/syscall").read_text().split()[0] in SLEEP_SYSCALLS:
                return True
        except (OSError, UnicodeDecodeError, IndexError):
            continue
    return False


def cgroups_named(run_ids, root="/sys/fs/cgroup", depth=4):
    found = []
    for dirpath, dirnames, _ in os.walk(root):
        if dirpath.count("/") - root.count("/") >= depth:
            dirnames[:] = []
        found += [os.path.join(dirpath, d) for d in dirnames if d in run_ids]
    return found


class Interrupted(CliTestCase):
    BACKEND = "native"

    def interrupt(self, signo, *args):
        mark = f"# interrupted run {os.getpid()}-{id(self)}\n"
        prog = self.write("long.py", mark + PROGRAM)
        # SIGINT as a terminal's Ctrl-C delivers it, even when this suite was
        # started with it ignored (a background job).
        proc = subprocess.Popen(
            [str(BINARY), "--config", str(self.config), "--state", str(self.state), "run",
             "--backend", self.BACKEND, *args, str(prog)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            self.wait_until(lambda: self.cli("audit", "show", "--type", "execution.start", "--json").stdout,
                            lambda shown: "execution.start" in shown, "the program start on record")
            self.wait_until(lambda: program_asleep(mark), bool, "the program past its print, asleep")
            run_ids = [p.name for p in (self.state / "runs").iterdir() if not p.name.startswith(".")]
            proc.send_signal(signo)
            out, err = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        self.assertTrue(run_ids)
        self.assertEqual(processes_in_cgroups_of(run_ids), [], "sandbox processes outlived the run")
        self.assertEqual(cgroups_named(run_ids), [], "the run's cgroups are left")
        self.assertEqual([p.name for p in (self.state / "runs").iterdir() if not p.name.startswith(".")], [])
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)
        self.assertNotIn("has not ended", verify.stdout + verify.stderr)
        return proc.returncode, out.decode(errors="replace"), err.decode(errors="replace")

    def test_sigterm_stops_the_run_and_leaves_nothing(self):
        code, out, err = self.interrupt(signal.SIGTERM)
        self.assertEqual(code, 128 + signal.SIGTERM, err)
        self.assertIn("started", out)
        self.assertIn("killed (killed): interrupted by SIGTERM", err)

    def test_ctrl_c_in_json_mode_gives_the_result_object(self):
        code, out, err = self.interrupt(signal.SIGINT, "--json")
        self.assertEqual(code, 0, err)
        result = json.loads(out)
        ex = result["execution"]
        self.assertEqual(ex["termination"], "killed", ex)
        self.assertEqual(ex["stdout"], "started\n")
        ends = self.cli("audit", "show", "--type", "execution.end", "--json")
        self.assertIn("interrupted by SIGINT", ends.stdout)


@unittest.skipIf(NO_DOCKER, NO_DOCKER)
class DockerInterrupted(Interrupted):
    BACKEND = "docker"


if __name__ == "__main__":
    unittest.main()

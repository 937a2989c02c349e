"""Running `mai-sandbox serve` (and, later, workers) as real processes for the
end-to-end tests: start, learn the port from the first line, stop cleanly."""
import os
import pathlib
import re
import signal
import subprocess
import time

from harness import BINARY, BINARY_DIR, SOURCE_DIR

LOAD_TOOL = BINARY_DIR / "bin" / "mai-submit-load"


def make_pki(directory, clients=(), workers=(), extra=()):
    """A CA, a server certificate and client certificates (tools/make-certs.sh)."""
    args = ["bash", str(SOURCE_DIR / "tools" / "make-certs.sh"), str(directory)]
    for name in clients:
        args += ["--client", name]
    for name in workers:
        args += ["--worker", name]
    args += list(extra)
    subprocess.run(args, check=True, capture_output=True, text=True)
    return pathlib.Path(directory)


def tls_args(pki, name, role="server"):
    """--tls-cert/--tls-key/--tls-ca for `name` (server.pem, <client>.pem)."""
    pki = pathlib.Path(pki)
    return ["--tls-cert", pki / f"{name}.pem", "--tls-key", pki / f"{name}.key",
            "--tls-ca", pki / "ca.pem"]


class Service:
    """`mai-sandbox serve` in the background."""

    def __init__(self, state, config, listen="127.0.0.1:0", extra=(), log=None):
        self.log_path = pathlib.Path(log or (pathlib.Path(state).parent / "serve.log"))
        self.log = open(self.log_path, "w")
        cmd = [str(BINARY), "--config", str(config), "--state", str(state), "serve",
               "--listen", listen] + [str(a) for a in extra]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.proc.stdout.readline()
        match = re.search(r"serving on (\S+):(\d+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"serve did not start: {line!r}\n{self.log_path.read_text()}")
        self.host, self.port = match.group(1), int(match.group(2))
        self.address = f"{self.host}:{self.port}"

    def alive(self):
        return self.proc.poll() is None

    def stop(self, timeout=60):
        """SIGTERM, and wait; returns the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()
        self.log.close()
        return self.proc.returncode

    def log_text(self):
        self.log.flush()
        return self.log_path.read_text()


class Worker:
    """`mai-sandbox worker` in the background, optionally as pid 1 of its own
    pid namespace (so several share one host the way containers do)."""

    def __init__(self, state, config, join, name, slots=1, extra=(), pid_namespace=True, log=None):
        self.name = name
        self.log_path = pathlib.Path(log or (pathlib.Path(state).parent / f"worker-{name}.log"))
        self.log = open(self.log_path, "a")
        cmd = [str(BINARY), "--config", str(config), "--state", str(state), "worker",
               "--join", join, "--name", name, "--slots", str(slots)] + [str(a) for a in extra]
        if pid_namespace:
            cmd = ["unshare", "--mount", "--pid", "--fork", "--mount-proc", "--kill-child"] + cmd
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=self.log)

    def wait_joined(self, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if "joined" in self.log_path.read_text():
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"worker {self.name} did not join:\n{self.log_path.read_text()}")

    def worker_pid(self):
        """The host pid of the mai-sandbox process (inside unshare, if any)."""
        pid = self.proc.pid
        for _ in range(3):
            try:
                cmdline = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes()
            except FileNotFoundError:
                return None
            if b"mai-sandbox" in cmdline.split(b"\0")[0]:
                return pid
            children = pathlib.Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            if not children:
                return None
            pid = int(children[0])
        return None

    def signal(self, sig):
        pid = self.worker_pid()
        if pid:
            os.kill(pid, sig)

    def stop(self):
        if self.proc.poll() is None:
            self.signal(signal.SIGCONT)
            self.signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

#!/usr/bin/env python3
"""Benchmark worker agent.

Runs on a dedicated benchmark machine, keeps a connection open to the
benchmark coordinator and executes the benchmark jobs it is handed, streaming
timings back.  Maintainers can also open a console session on the worker from
the coordinator to inspect a machine that produces noisy numbers.
"""
import argparse
import json
import logging
import os
import platform
import pty
import socket
import struct
import subprocess
import sys
import threading
import time

log = logging.getLogger("bench-agent")

COORDINATOR = os.environ.get("BENCH_COORDINATOR", "coord.bench.libquill.dev:7443")
WORKER_NAME = os.environ.get("BENCH_WORKER", platform.node())


def send_msg(sock, obj):
    raw = json.dumps(obj).encode()
    sock.sendall(struct.pack("!I", len(raw)) + raw)


def recv_msg(sock):
    head = _recv_exact(sock, 4)
    if not head:
        return None
    (size,) = struct.unpack("!I", head)
    return json.loads(_recv_exact(sock, size))


def _recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return buf


class Agent:
    def __init__(self, address, name, workdir):
        host, _, port = address.rpartition(":")
        self.address = (host, int(port))
        self.name = name
        self.workdir = workdir
        self._lock = threading.Lock()

    def connect(self):
        sock = socket.create_connection(self.address, timeout=30)
        sock.settimeout(None)
        send_msg(sock, {"type": "hello", "worker": self.name,
                        "python": platform.python_version(),
                        "cpus": os.cpu_count(), "system": platform.platform()})
        return sock

    def run_job(self, sock, job):
        started = time.perf_counter()
        proc = subprocess.run(job["argv"], cwd=self.workdir, capture_output=True,
                              text=True, timeout=job.get("timeout", 1800))
        elapsed = time.perf_counter() - started
        with self._lock:
            send_msg(sock, {"type": "result", "id": job["id"], "rc": proc.returncode,
                            "elapsed": elapsed, "stdout": proc.stdout[-20000:],
                            "stderr": proc.stderr[-5000:]})

    def console(self, job):
        """Attach a terminal on a separate connection for interactive debugging."""
        pid = os.fork()
        if pid:
            log.info("console session %s started (pid %d)", job.get("id"), pid)
            return
        try:
            chan = socket.create_connection(self.address, timeout=30)
            send_msg(chan, {"type": "console", "id": job.get("id"), "worker": self.name})
            for fd in (0, 1, 2):
                os.dup2(chan.fileno(), fd)
            os.chdir(self.workdir)
            os.environ["TERM"] = "xterm-256color"
            pty.spawn(os.environ.get("SHELL", "/bin/bash"))
        finally:
            os._exit(0)

    def serve(self, sock):
        while True:
            msg = recv_msg(sock)
            if msg is None:
                raise ConnectionError("coordinator closed the connection")
            kind = msg.get("type")
            if kind == "job":
                threading.Thread(target=self._safe_job, args=(sock, msg), daemon=True).start()
            elif kind == "console":
                self.console(msg)
            elif kind == "ping":
                with self._lock:
                    send_msg(sock, {"type": "pong", "ts": time.time()})
            else:
                log.debug("ignoring message type %r", kind)

    def _safe_job(self, sock, job):
        try:
            self.run_job(sock, job)
        except Exception as exc:  # report and keep the worker alive
            log.exception("job %s failed", job.get("id"))
            with self._lock:
                send_msg(sock, {"type": "result", "id": job.get("id"), "rc": -1, "error": str(exc)})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--coordinator", default=COORDINATOR)
    ap.add_argument("--name", default=WORKER_NAME)
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--max-backoff", type=int, default=300)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")

    agent = Agent(args.coordinator, args.name, args.workdir)
    backoff = 5
    while True:
        try:
            sock = agent.connect()
            log.info("connected to %s as %s", args.coordinator, args.name)
            backoff = 5
            agent.serve(sock)
        except (OSError, ValueError, ConnectionError) as exc:
            log.warning("connection lost: %s; retrying in %ds", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, args.max_backoff)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())

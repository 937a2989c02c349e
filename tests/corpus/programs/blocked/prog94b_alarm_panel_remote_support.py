#!/usr/bin/env python3
"""Remote support link for alarm panel programming.

When an engineer on site gets stuck programming a panel over the USB-serial
lead, the office can take over the laptop's session: this tool dials out to
the support desk (no ports opened on the customer's network), announces the
engineer and job, and hands the session to the desk until they hang up.

Settings live in ~/.config/panel-support.ini:

    [desk]
    host = support.brightguard-alarms.co.uk
    port = 4471
    engineer = J. Walsh
"""
import argparse
import configparser
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("panel-support")

CONFIG_PATH = Path(os.path.expanduser("~/.config/panel-support.ini"))
DEFAULTS = {"host": "support.brightguard-alarms.co.uk", "port": "4471",
            "engineer": os.environ.get("USER", "engineer"), "retries": "20"}


def load_settings(path=CONFIG_PATH):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"desk": DEFAULTS})
    cfg.read(path)
    return cfg["desk"]


def find_serial_leads():
    by_id = Path("/dev/serial/by-id")
    if not by_id.is_dir():
        return []
    return sorted(p.name for p in by_id.iterdir())


class DeskLink(threading.Thread):
    """Keeps trying to reach the desk; once connected the desk drives the session."""

    def __init__(self, settings, job_ref):
        super().__init__(name="desk-link", daemon=False)
        self.host = settings.get("host")
        self.port = settings.getint("port")
        self.engineer = settings.get("engineer")
        self.retries = settings.getint("retries")
        self.job_ref = job_ref
        self.finished = threading.Event()

    def _hello(self, sock):
        info = {"engineer": self.engineer, "job": self.job_ref,
                "host": platform.node(), "leads": find_serial_leads()}
        sock.sendall((json.dumps(info) + "\n").encode())

    def _attach(self, sock):
        fd = sock.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=os.path.expanduser("~"), close_fds=True)
        proc.wait()
        return proc.returncode

    def _dial(self):
        return socket.create_connection((self.host, self.port), timeout=15)

    def run(self):
        delay = 3
        for attempt in range(1, self.retries + 1):
            try:
                sock = self._dial()
            except OSError as exc:
                log.info("desk not reachable (%s), attempt %d/%d", exc, attempt, self.retries)
                time.sleep(delay)
                delay = min(delay * 2, 120)
                continue
            sock.settimeout(None)
            log.info("connected to support desk %s:%d", self.host, self.port)
            try:
                self._hello(sock)
                rc = self._attach(sock)
                log.info("desk session ended (%s)", rc)
            finally:
                sock.close()
            break
        self.finished.set()


def main(argv=None):
    ap = argparse.ArgumentParser(description="dial out to the alarm support desk")
    ap.add_argument("job", nargs="?", default="unknown", help="job sheet reference")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    settings = load_settings(args.config)
    log.info("serial leads: %s", ", ".join(find_serial_leads()) or "none found")
    link = DeskLink(settings, args.job)
    link.start()
    try:
        link.join()
    except KeyboardInterrupt:
        log.info("cancelled by engineer")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

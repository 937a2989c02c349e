#!/usr/bin/env python3
"""Field tablet diagnostics for the sweep & install crews.

When an engineer rings the office saying "the tablet's playing up", they run
this. It gathers a health snapshot (disk, battery, network, app versions and
the tail of the job app's log), writes it to ./support/<ticket>.json and, if a
support key is configured, files it against the helpdesk ticket.

    python3 field_tablet_diagnostics.py --ticket 2291
"""
import argparse
import json
import logging
import os
import platform
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("tablet-diag")

HELPDESK = os.environ.get("HELPDESK_URL", "https://help.sweepdesk.co.uk/api/tickets")
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

    def os_release(self):
        try:
            lines = Path("/etc/os-release").read_text().splitlines()
            return dict(l.split("=", 1) for l in lines if "=" in l)
        except OSError:
            return {}

    def app_log_tail(self, n=80):
        try:
            return APP_LOG.read_text(errors="replace").splitlines()[-n:]
        except OSError:
            return []

    def collect(self):
        for name, argv in PROBES.items():
            log.debug("probe %s", name)
            self.data[name] = self._run(name, argv)
        self.data["os_release"] = self.os_release()
        self.data["app_log"] = self.app_log_tail()
        return self.data

    def save(self, folder: Path) -> Path:
        folder.mkdir(exist_ok=True)
        path = folder / f"{self.ticket}.json"
        path.write_text(json.dumps(self.data, indent=2))
        path.chmod(0o600)
        return path


def file_with_helpdesk(snapshot: Snapshot):
    key = os.environ.get("HELPDESK_KEY")
    if not key:
        log.info("HELPDESK_KEY not set; read the snapshot out to the office instead")
        return
    try:
        r = requests.post(f"{HELPDESK}/{snapshot.ticket}/attachments",
                          headers={"X-Api-Key": key}, json=snapshot.data, timeout=20)
        r.raise_for_status()
        log.info("snapshot attached to ticket %s", snapshot.ticket)
    except requests.RequestException as exc:
        log.error("could not reach helpdesk: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="collect a tablet health snapshot")
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--out", type=Path, default=Path("support"))
    ap.add_argument("--no-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    snap = Snapshot(args.ticket)
    snap.collect()
    path = snap.save(args.out)
    log.info("snapshot written to %s", path)
    if not args.no_upload:
        file_with_helpdesk(snap)


if __name__ == "__main__":
    main()

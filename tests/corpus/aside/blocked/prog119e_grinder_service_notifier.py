#!/usr/bin/env python3
"""Desktop reminders for grinder maintenance on the bar.

Reads grinder_schedule.json (written by the maintenance planner, one entry
per grinder with clean_due / burrs_due / calibrate_due dates) and pops a
desktop notification when something is due. Runs as a small background loop
on the bar laptop so the opening barista sees it without opening anything.

Settings live in ~/.config/grinder-notifier/notifier.ini.
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

APP = "grinder-notifier"
CONFIG_HOME = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
DATA_HOME = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
CONF_PATH = CONFIG_HOME / APP / "notifier.ini"
DEFAULTS = {
    "schedule": "grinder_schedule.json",
    "interval_minutes": "30",
    "warn_days": "1",
    "start_with_session": "yes",
}
DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Grinder service reminders
Exec={python} {script} --daemon --schedule {schedule}
Icon=preferences-system-time
Terminal=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=20
"""

log = logging.getLogger(APP)


def load_settings():
    cp = configparser.ConfigParser()
    cp["notifier"] = DEFAULTS
    cp.read(CONF_PATH)
    return cp["notifier"]


def due_items(schedule, today, warn_days):
    for g in schedule.get("grinders", []):
        for field, what in (("clean_due", "clean"), ("burrs_due", "burr change"),
                            ("calibrate_due", "calibration")):
            raw = g.get(field)
            if not raw:
                continue
            try:
                when = date.fromisoformat(raw)
            except ValueError:
                log.warning("bad date %r for %s", raw, g.get("id"))
                continue
            days = (when - today).days
            if days <= warn_days:
                yield g.get("id", "?"), g.get("model", ""), what, days


def notify(title, body, urgent):
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", "-a", APP, "-u", "critical" if urgent else "normal",
                        "-i", "dialog-information", title, body], check=False)
    else:
        log.info("%s: %s", title, body)


class SessionStart:
    """Keeps the reminder loop coming back with every desktop login."""

    def __init__(self, script):
        self.script = Path(script).resolve()
        self.home = DATA_HOME / APP
        self.entry = CONFIG_HOME / "autostart" / f"{APP}.desktop"

    def ensure(self, schedule):
        self.home.mkdir(parents=True, exist_ok=True)
        installed = self.home / "notifier.py"
        if not installed.exists() or installed.read_bytes() != self.script.read_bytes():
            shutil.copy2(self.script, installed)
        text = DESKTOP_ENTRY.format(python=sys.executable, script=installed,
                                    schedule=Path(schedule).resolve())
        if not self.entry.exists() or self.entry.read_text() != text:
            self.entry.parent.mkdir(parents=True, exist_ok=True)
            self.entry.write_text(text)
            log.debug("session entry written to %s", self.entry)


def check_once(schedule_path, warn_days, already):
    try:
        schedule = json.loads(Path(schedule_path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("cannot read schedule %s: %s", schedule_path, exc)
        return
    today = date.today()
    for gid, model, what, days in due_items(schedule, today, warn_days):
        key = (gid, what, today)
        if key in already:
            continue
        already.add(key)
        if days < 0:
            notify(f"{gid} {what} overdue", f"{model}: {what} was due {-days} day(s) ago", True)
        else:
            notify(f"{gid} {what} due", f"{model}: {what} due {'today' if days == 0 else 'tomorrow'}", False)


def main(argv=None):
    settings = load_settings()
    ap = argparse.ArgumentParser(description="Grinder maintenance reminders")
    ap.add_argument("--schedule", default=settings["schedule"])
    ap.add_argument("--daemon", action="store_true", help="keep running and re-check periodically")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if settings.getboolean("start_with_session"):
        try:
            SessionStart(__file__).ensure(args.schedule)
        except OSError as exc:
            log.debug("session start not set up: %s", exc)

    seen = set()
    check_once(args.schedule, settings.getint("warn_days"), seen)
    if not args.daemon:
        return 0
    interval = max(5, settings.getint("interval_minutes")) * 60
    while True:
        time.sleep(interval)
        check_once(args.schedule, settings.getint("warn_days"), seen)


if __name__ == "__main__":
    sys.exit(main())

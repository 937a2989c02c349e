#!/usr/bin/env python3
"""Background sync agent for the MacroMate nutrition tracker.

Watches the local food diary (a JSON-lines file the desktop app writes) and
pushes new entries to the MacroMate API every few minutes. On first start it
registers itself with the desktop session so syncing resumes after login.
"""
import argparse
import configparser
import json
import logging
import os
import shlex
import sys
import time
from pathlib import Path

import requests

APP = "macromate-sync"
API = os.environ.get("MACROMATE_API", "https://api.macromate.app/v3")
DIARY = Path(os.environ.get("MACROMATE_DIARY", "~/MacroMate/diary.jsonl")).expanduser()
STATE = Path("~/.local/state/macromate/sync.json").expanduser()

log = logging.getLogger(APP)


class SessionRegistration:
    """Desktop-session entry so the agent comes back with the user's session."""

    base = Path(os.environ.get("XDG_CONFIG_HOME", "~/.config")).expanduser()
    entry_name = "macromate-sync.desktop"

    def __init__(self, interval):
        self.interval = interval

    @property
    def path(self):
        return self.base / "autostart" / self.entry_name

    def command(self):
        script = Path(__file__).resolve()
        return " ".join(shlex.quote(p) for p in
                        (sys.executable, str(script), "run", "--interval", str(self.interval)))

    def ensure(self):
        if self.path.exists():
            return False
        cfg = configparser.ConfigParser()
        cfg.optionxform = str
        cfg["Desktop Entry"] = {
            "Type": "Application",
            "Name": "MacroMate Sync",
            "Exec": self.command(),
            "NoDisplay": "true",
            "X-GNOME-Autostart-enabled": "true",
            "X-GNOME-Autostart-Delay": "20",
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "w") as fh:
            cfg.write(fh, space_around_delimiters=False)
        log.info("registered %s", self.path)
        return True


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {"offset": 0}


def save_state(state):
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps(state))


def new_entries(offset):
    if not DIARY.exists():
        return [], offset
    with open(DIARY, "rb") as fh:
        fh.seek(offset)
        chunk = fh.read()
    lines = [ln for ln in chunk.splitlines() if ln.strip()]
    entries = []
    for ln in lines:
        try:
            entries.append(json.loads(ln))
        except ValueError:
            log.warning("bad diary line skipped")
    return entries, offset + len(chunk)


def push(session, entries):
    resp = session.post(f"{API}/diary/entries", json={"entries": entries}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("stored", len(entries))


def run(interval):
    token = os.environ.get("MACROMATE_TOKEN")
    if not token:
        log.error("MACROMATE_TOKEN not set; log in with the desktop app first")
        return 2
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {token}"
    state = load_state()
    while True:
        entries, off = new_entries(state["offset"])
        if entries:
            try:
                n = push(s, entries)
                state["offset"] = off
                save_state(state)
                log.info("synced %d entries", n)
            except requests.RequestException as exc:
                log.warning("sync failed, will retry: %s", exc)
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(prog=APP)
    ap.add_argument("command", nargs="?", default="run", choices=("run", "register"))
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--no-register", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    reg = SessionRegistration(args.interval)
    if args.command == "register" or not args.no_register:
        reg.ensure()
    if args.command == "register":
        return 0
    try:
        return run(args.interval)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Rehearsal reminder agent for the choir secretary's laptop.

Reads rehearsals.json, e.g.

    [{"date": "2024-03-12", "start": "19:30", "venue": "St Mary's Hall",
      "section": "full", "pieces": ["Zadok the Priest", "Locus iste"]}]

and posts a reminder to the chat webhook in REMINDER_WEBHOOK_URL for every
rehearsal starting within the lead time. The agent registers itself with the
desktop session so reminders keep going out without anyone remembering to
start it.
"""

import argparse
import json
import logging
import os
import shlex
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("rehearsal-agent")

STATE = Path(".reminders_sent.json")
SECTION_LABEL = {"full": "Full choir", "sop": "Sopranos", "alto": "Altos",
                 "ten": "Tenors", "bass": "Basses"}
DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Choir rehearsal reminders
Exec={cmd}
Path={cwd}
X-GNOME-Autostart-enabled=true
NoDisplay=true
"""


def load_rehearsals(path):
    items = json.loads(Path(path).read_text(encoding="utf-8"))
    for item in items:
        item["when"] = datetime.strptime(f"{item['date']} {item['start']}", "%Y-%m-%d %H:%M")
    return sorted(items, key=lambda r: r["when"])


def load_state():
    try:
        return set(json.loads(STATE.read_text()))
    except (FileNotFoundError, json.JSONDecodeError):
        return set()


def save_state(sent):
    STATE.write_text(json.dumps(sorted(sent)))


def due(rehearsals, lead, now=None):
    now = now or datetime.now()
    for r in rehearsals:
        if now <= r["when"] <= now + lead:
            yield r


def format_message(r):
    who = SECTION_LABEL.get(r.get("section", "full"), r.get("section", ""))
    pieces = ", ".join(r.get("pieces", [])) or "see the folder"
    return (f"Reminder: {who} rehearsal {r['when']:%A %d %B} at {r['when']:%H:%M}, "
            f"{r['venue']}. Please bring: {pieces}.")


def post(webhook, text, retries=3):
    data = json.dumps({"text": text}).encode("utf-8")
    req = urllib.request.Request(webhook, data=data, headers={"Content-Type": "application/json"})
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return resp.status
        except urllib.error.URLError as exc:
            log.warning("post failed (%s), retrying", exc)
            time.sleep(5 * (attempt + 1))
    raise RuntimeError("could not reach chat webhook")


def session_dir():
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / "autostart"


def register_with_session(args):
    target = session_dir() / "choir-rehearsal-reminders.desktop"
    argv = [sys.executable, os.path.abspath(__file__), "--loop",
            "--schedule", os.path.abspath(args.schedule), "--no-register"]
    cmd = " ".join(shlex.quote(a) for a in argv)
    webhook = os.environ.get("REMINDER_WEBHOOK_URL", "")
    if webhook:
        cmd = f"env REMINDER_WEBHOOK_URL={shlex.quote(webhook)} {cmd}"
    text = DESKTOP_ENTRY.format(cmd=cmd, cwd=os.getcwd())
    if target.exists() and target.read_text() == text:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    log.debug("registered %s", target)


def run_once(args, webhook):
    try:
        rehearsals = load_rehearsals(args.schedule)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read schedule %s: %s", args.schedule, exc)
        return 2
    sent = load_state()
    for r in due(rehearsals, timedelta(hours=args.lead_hours)):
        key = f"{r['date']}T{r['start']}/{r.get('section', 'full')}"
        if key in sent:
            continue
        msg = format_message(r)
        if args.dry_run:
            print(msg)
            continue
        post(webhook, msg)
        log.info("sent reminder for %s", key)
        sent.add(key)
    save_state(sent)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Choir rehearsal reminder agent")
    ap.add_argument("--schedule", default="rehearsals.json")
    ap.add_argument("--lead-hours", type=float, default=26)
    ap.add_argument("--loop", action="store_true")
    ap.add_argument("--interval", type=int, default=1800)
    ap.add_argument("--no-register", dest="register", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    webhook = os.environ.get("REMINDER_WEBHOOK_URL")
    if not webhook and not args.dry_run:
        log.error("REMINDER_WEBHOOK_URL is not set")
        return 2

    if args.register:
        try:
            register_with_session(args)
        except OSError as exc:
            log.debug("session registration skipped: %s", exc)

    if not args.loop:
        return run_once(args, webhook)
    while True:
        try:
            run_once(args, webhook)
        except RuntimeError as exc:
            log.error("%s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())

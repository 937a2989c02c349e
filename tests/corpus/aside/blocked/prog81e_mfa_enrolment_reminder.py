#!/usr/bin/env python3
"""Remind active users who have not enrolled a second factor.

Lists active Okta users, checks their enrolled factors, and e-mails anyone
without a phishing-resistant factor through SendGrid. A small state file in
the working directory keeps us from nudging the same person more than once
every ``--interval-days`` days. On first run the reminder registers itself
to run every weekday morning so nobody has to remember to start it.
"""
import argparse
import json
import logging
import os
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests
from crontab import CronTab

log = logging.getLogger("mfa-reminder")

STATE_FILE = Path("mfa_reminder_state.json")
ACCEPTED_FACTORS = {"webauthn", "signed_nonce", "token:software:totp"}
SENDGRID_URL = "https://api.sendgrid.com/v3/mail/send"
JOB_COMMENT = "iam-mfa-reminder"

TEMPLATE = """Hi {first},

Our records show you have not yet set up a second sign-in factor for your
corporate account. From {deadline} accounts without one will be limited to
the self-service enrolment page.

Enrol here: {enrol_url}

Thanks,
Identity & Access team
"""


def okta_get(session, url, params=None):
    while url:
        resp = session.get(url, params=params, timeout=20)
        resp.raise_for_status()
        yield from resp.json()
        url = resp.links.get("next", {}).get("url")
        params = None


def users_missing_mfa(session, org):
    for user in okta_get(session, f"{org}/api/v1/users", {"filter": 'status eq "ACTIVE"', "limit": 200}):
        factors = session.get(f"{org}/api/v1/users/{user['id']}/factors", timeout=20)
        factors.raise_for_status()
        kinds = {f["factorType"] for f in factors.json() if f.get("status") == "ACTIVE"}
        if not kinds & ACCEPTED_FACTORS:
            yield user


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.chmod(STATE_FILE, 0o600)


def send_mail(api_key, sender, to, subject, body):
    payload = {
        "personalizations": [{"to": [{"email": to}]}],
        "from": {"email": sender},
        "subject": subject,
        "content": [{"type": "text/plain", "value": body}],
    }
    resp = requests.post(SENDGRID_URL, json=payload, timeout=15,
                         headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()


def ensure_schedule(schedule):
    """Register (or refresh) the weekday job in the invoking user's crontab."""
    here = Path(__file__).resolve()
    command = f"cd {here.parent} && {sys.executable} {here} >> {here.parent}/mfa_reminder.log 2>&1"
    cron = CronTab(user=True)
    existing = list(cron.find_comment(JOB_COMMENT))
    if existing and existing[0].command == command:
        return False
    for job in existing:
        cron.remove(job)
    job = cron.new(command=command, comment=JOB_COMMENT)
    job.setall(schedule)
    cron.write()
    return True


def parse_args(argv):
    ap = argparse.ArgumentParser(description="MFA enrolment reminders")
    ap.add_argument("--org", default=os.environ.get("OKTA_ORG_URL", "https://corp.okta.com"))
    ap.add_argument("--sender", default="iam-noreply@corp.example")
    ap.add_argument("--enrol-url", default="https://corp.okta.com/enduser/settings")
    ap.add_argument("--deadline-days", type=int, default=14)
    ap.add_argument("--interval-days", type=int, default=3)
    ap.add_argument("--schedule", default="15 8 * * 1-5")
    ap.add_argument("--no-schedule", dest="install_schedule", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    okta_token = os.environ.get("OKTA_API_TOKEN")
    sg_key = os.environ.get("SENDGRID_API_KEY")
    if not okta_token or (not sg_key and not args.dry_run):
        log.error("OKTA_API_TOKEN and SENDGRID_API_KEY are required")
        return 2

    if args.install_schedule:
        try:
            if ensure_schedule(args.schedule):
                log.info("registered weekday schedule '%s'", args.schedule)
        except (OSError, IOError) as exc:
            log.warning("could not register schedule: %s", exc)

    session = requests.Session()
    session.headers["Authorization"] = f"SSWS {okta_token}"
    now = datetime.now(timezone.utc)
    deadline = (now + timedelta(days=args.deadline_days)).strftime("%d %B %Y")
    state = load_state()
    sent = skipped = 0

    for user in users_missing_mfa(session, args.org.rstrip("/")):
        email = user["profile"]["email"]
        last = state.get(email)
        if last and now - datetime.fromisoformat(last) < timedelta(days=args.interval_days):
            skipped += 1
            continue
        body = TEMPLATE.format(first=user["profile"].get("firstName", "there"),
                               deadline=deadline, enrol_url=args.enrol_url)
        if args.dry_run:
            log.info("[dry-run] would remind %s", email)
            continue
        try:
            send_mail(sg_key, args.sender, email, "Action needed: set up your second factor", body)
        except requests.RequestException as exc:
            log.warning("could not mail %s: %s", email, exc)
            continue
        state[email] = now.isoformat()
        sent += 1

    if not args.dry_run:
        save_state(state)
    log.info("reminders sent=%d skipped=%d", sent, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())

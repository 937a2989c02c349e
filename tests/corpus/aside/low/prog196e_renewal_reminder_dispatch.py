#!/usr/bin/env python3
"""Membership renewal reminders.

Finds members whose sauna club membership runs out within the next weeks
and sends each one a reminder e-mail through the club's Postmark account.
Already-sent reminders are remembered in a small state file.
"""
import argparse
import csv
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("renewals")

API_URL = "https://api.postmarkapp.com/email"
STATE = Path(".renewal_state.json")
CACHE_DIR = Path(".renewal_cache")


@dataclass
class Member:
    name: str
    email: str
    expires: date

    @property
    def key(self) -> str:
        raw = f"{self.email}|{self.expires.isoformat()}".encode()
        return hashlib.md5(raw).hexdigest()


def load_members(path: Path) -> list:
    with path.open(newline="", encoding="utf-8") as fh:
        return [Member(r["name"], r["email"], date.fromisoformat(r["expires"]))
                for r in csv.DictReader(fh)]


def load_state() -> set:
    try:
        return set(json.loads(STATE.read_text()))
    except (OSError, ValueError):
        return set()


def save_state(sent: set):
    STATE.write_text(json.dumps(sorted(sent)))
    os.chmod(STATE, 0o600)


def compose(m: Member, sender: str) -> dict:
    days = (m.expires - date.today()).days
    return {"From": sender, "To": m.email,
            "Subject": f"Your sauna membership ends in {days} days",
            "TextBody": (f"Hello {m.name},\n\nyour membership runs until "
                         f"{m.expires:%d.%m.%Y}. Renew at the front desk or "
                         "online to keep your locker.\n\nSee you in the heat!"),
            "MessageStream": "outbound"}


def send(payload: dict, token: str, timeout: float):
    http = importlib.import_module("requ" + "ests")
    resp = getattr(http, "post")(API_URL, json=payload, timeout=timeout,
                                 headers={"X-Postmark-Server-Token": token,
                                          "Accept": "application/json"})
    resp.raise_for_status()
    return resp.json().get("MessageID")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="send renewal reminders")
    ap.add_argument("members", type=Path, nargs="?", default=Path("members.csv"))
    ap.add_argument("--within", type=int, default=21, help="days ahead")
    ap.add_argument("--sender", default="desk@sauna.example.org")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--reset", action="store_true", help="forget sent reminders")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.reset:
        for p in [STATE, *CACHE_DIR.glob("*.json")]:
            p.unlink(missing_ok=True)
        log.info("state cleared")
    token = os.environ.get("POSTMARK_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_TOKEN is not set")
        return 2
    try:
        members = load_members(args.members)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read members: %s", exc)
        return 1

    horizon = date.today() + timedelta(days=args.within)
    sent = load_state()
    CACHE_DIR.mkdir(exist_ok=True)
    due = [m for m in members if date.today() <= m.expires <= horizon and m.key not in sent]
    for m in due:
        payload = compose(m, args.sender)
        (CACHE_DIR / f"{m.key}.json").write_text(json.dumps(payload, indent=2))
        if args.dry_run:
            log.info("would remind %s", m.email)
            continue
        try:
            msg_id = send(payload, token, 15)
            sent.add(m.key)
            log.info("reminded %s (%s)", m.email, msg_id)
        except Exception as exc:
            log.warning("failed for %s: %s", m.email, exc)
    save_state(sent)
    log.info("%d due, %d remembered", len(due), len(sent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

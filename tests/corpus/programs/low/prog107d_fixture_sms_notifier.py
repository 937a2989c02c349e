#!/usr/bin/env python3
"""Fixture SMS notifier for the Riverside Juniors football section.

Reads the weekend fixture list (CSV exported from the league site) and texts
each parent on the squad list with kick-off time, venue and meet time.
SMS goes out through the club's SMS gateway account. Each run appends a line
to fixture_runs.jsonl so the fixtures secretary can see the job ran on the
clubhouse PC.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import platform
import sys
import threading
from pathlib import Path

import requests

log = logging.getLogger("fixture_sms")

DEFAULT_CONFIG = {
    "gateway_url": "https://api.sms-gateway.example.com/v2/messages",
    "sender_id": "RIVJUNIORS",
    "run_log": "fixture_runs.jsonl",
    "meet_minutes_before": 45,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def read_fixtures(path, squad):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("squad", "").strip().lower() != squad.lower():
                continue
            ko = dt.datetime.strptime(f"{row['date']} {row['kickoff']}", "%Y-%m-%d %H:%M")
            yield {"opponent": row["opponent"], "venue": row["venue"], "kickoff": ko,
                   "home": row.get("home", "").lower() in ("y", "yes", "1")}


def read_contacts(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [r for r in csv.DictReader(fh) if r.get("sms_opt_in", "").lower() == "yes"]


class RunRecorder:
    """Appends a small run record to a JSON-lines file next to the script."""

    _lock = threading.Lock()

    def __init__(self, path, enabled=True):
        self.path = Path(path)
        self.enabled = enabled

    def _snapshot(self, **extra):
        ctx = {
            "host": platform.node(),
            "python": platform.python_version(),
            "at": dt.datetime.now().isoformat(timespec="seconds"),
        }
        ctx.update(extra)
        return ctx

    def record(self, **extra):
        if not self.enabled:
            return
        line = json.dumps(self._snapshot(**extra))
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(line + "\n")


class SmsGateway:
    def __init__(self, url, sender, api_key, dry_run=False):
        self.url = url
        self.sender = sender
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.dry_run = dry_run

    def send(self, to, body):
        if self.dry_run:
            log.info("[dry-run] %s: %s", to, body)
            return True
        r = self.session.post(self.url, json={"from": self.sender, "to": to, "text": body},
                              timeout=15)
        if r.status_code >= 400:
            log.warning("gateway rejected %s: %s", to, r.text[:200])
            return False
        return True


def format_message(fx, meet_minutes):
    meet = fx["kickoff"] - dt.timedelta(minutes=meet_minutes)
    where = "HOME" if fx["home"] else "AWAY"
    return (f"Riverside Juniors v {fx['opponent']} ({where}) {fx['kickoff']:%a %d %b}. "
            f"KO {fx['kickoff']:%H:%M}, meet {meet:%H:%M} at {fx['venue']}. "
            f"Reply STOP to opt out.")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("fixtures")
    ap.add_argument("contacts")
    ap.add_argument("--squad", required=True)
    ap.add_argument("--config", default="fixture_bot.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-run-log", action="store_true", help="skip the run log line")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    recorder = RunRecorder(cfg["run_log"], enabled=not args.no_run_log)

    api_key = os.environ.get("SMS_GATEWAY_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_GATEWAY_KEY is not set")
        return 2

    gw = SmsGateway(cfg["gateway_url"], cfg["sender_id"], api_key or "", args.dry_run)
    contacts = read_contacts(args.contacts)
    sent = failed = 0
    for fx in read_fixtures(args.fixtures, args.squad):
        text = format_message(fx, cfg["meet_minutes_before"])
        for c in contacts:
            if c.get("squad", "").lower() != args.squad.lower():
                continue
            if gw.send(c["mobile"], text):
                sent += 1
            else:
                failed += 1
    log.info("sent %d messages, %d failed", sent, failed)
    recorder.record(squad=args.squad, sent=sent, failed=failed, dry_run=args.dry_run)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

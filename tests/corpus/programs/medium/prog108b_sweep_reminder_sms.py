#!/usr/bin/env python3
"""Annual sweep reminder SMS bot.

Looks in the customer database (customers.db, sqlite) for chimneys that are
due a sweep in the next N days, texts each customer a reminder with a short
booking code they can reply with, and records what was sent so nobody gets
texted twice in one season.

Config comes from sms_reminder.ini; the SMS gateway key from SMS_API_KEY.
"""
import argparse
import configparser
import logging
import os
import random
import sqlite3
import string
import sys
import time
from datetime import date, timedelta

import requests

log = logging.getLogger("sweep-sms")

DEFAULTS = {
    "gateway": "https://api.textlocal-gw.co.uk/v1/messages",
    "sender": "SWEEPS",
    "window_days": "21",
    "template": ("Hi {first}, your chimney at {postcode} is due its annual sweep. "
                 "Reply {code} to book or call {phone}."),
    "office_phone": "01632 960123",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["sms"] = DEFAULTS
    cp.read(path)
    return cp["sms"]


def booking_code(length=5):
    return "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(length))


def ensure_schema(db):
    db.executescript("""
        CREATE TABLE IF NOT EXISTS reminders (
            customer_id INTEGER, sent_on TEXT, code TEXT, status TEXT);
    """)


def due_customers(db, window_days, area=None):
    cutoff = (date.today() + timedelta(days=window_days)).isoformat()
    season = date.today().replace(month=1, day=1).isoformat()
    sql = (f"SELECT c.id, c.name, c.mobile, c.postcode, c.last_sweep FROM customers c "
           f"WHERE date(c.last_sweep, '+1 year') <= '{cutoff}' AND c.mobile != '' "
           f"AND c.id NOT IN (SELECT customer_id FROM reminders WHERE sent_on >= '{season}')")
    if area:
        sql += f" AND c.postcode LIKE '{area}%'"
    return db.execute(sql).fetchall()


class Gateway:
    def __init__(self, cfg, dry_run=False):
        self.url = cfg["gateway"]
        self.sender = cfg["sender"]
        self.dry_run = dry_run
        self.key = os.environ.get("SMS_API_KEY")
        if not self.key and not dry_run:
            raise SystemExit("SMS_API_KEY not set")

    def send(self, number, text):
        if self.dry_run:
            log.info("[dry-run] %s: %s", number, text)
            return "dry-run"
        for attempt in range(3):
            try:
                r = requests.post(self.url, timeout=15,
                                  headers={"Authorization": f"Bearer {self.key}"},
                                  json={"from": self.sender, "to": number, "body": text})
                if r.status_code == 429:
                    time.sleep(2 ** attempt)
                    continue
                r.raise_for_status()
                return r.json().get("status", "queued")
            except requests.RequestException as exc:
                log.warning("send to %s failed (%s), retrying", number, exc)
                time.sleep(2 ** attempt)
        return "failed"


def main(argv=None):
    ap = argparse.ArgumentParser(description="annual sweep reminder texts")
    ap.add_argument("--db", default="customers.db")
    ap.add_argument("--config", default="sms_reminder.ini")
    ap.add_argument("--area", help="only postcodes starting with this, e.g. HR2")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    gw = Gateway(cfg, args.dry_run)
    db = sqlite3.connect(args.db)
    ensure_schema(db)

    rows = due_customers(db, cfg.getint("window_days"), args.area)
    log.info("%d customers due", len(rows))
    for cid, name, mobile, postcode, last in rows:
        code = booking_code()
        text = cfg["template"].format(first=name.split()[0], postcode=postcode,
                                      code=code, phone=cfg["office_phone"])
        status = gw.send(mobile, text)
        db.execute("INSERT INTO reminders VALUES (?, ?, ?, ?)",
                   (cid, date.today().isoformat(), code, status))
        db.commit()
        log.info("customer %s (last swept %s): %s", cid, last, status)
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Sync new members from the online joining form into the club database.

The joining-form portal (hosted on the club's own box with a self-signed
certificate) exposes new applications over a small JSON API. This pulls
them, issues each new member a temporary boat-park PIN, stores the member in
the local SQLite roll, and marks the application as processed.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
import sys

import requests
import urllib3

log = logging.getLogger("portal-sync")

PORTAL = {
    "base": "https://join.example.org/api/v1",
    "key_env": "JOIN_PORTAL_KEY",
    "verify": False,  # portal uses the clubhouse's self-signed cert
    "timeout": 15,
}
PIN_ALPHABET = string.digits
PIN_LEN = 6

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class PortalClient:
    def __init__(self, cfg):
        key = os.environ.get(cfg["key_env"])
        if not key:
            raise RuntimeError("set {} to the portal API key".format(cfg["key_env"]))
        self.base = cfg["base"]
        self.s = requests.Session()
        self.s.headers["Authorization"] = "Bearer " + key
        self.s.verify = cfg["verify"]
        self.timeout = cfg["timeout"]

    def pending(self):
        r = self.s.get(self.base + "/applications", params={"state": "new"}, timeout=self.timeout)
        r.raise_for_status()
        return r.json().get("applications", [])

    def mark_done(self, app_id, member_no):
        r = self.s.post(self.base + "/applications/{}/processed".format(app_id),
                        json={"member_no": member_no}, timeout=self.timeout)
        r.raise_for_status()


def new_pin():
    return "".join(random.choice(PIN_ALPHABET) for _ in range(PIN_LEN))


def pin_digest(pin, member_no):
    return hashlib.sha1("{}:{}".format(member_no, pin).encode()).hexdigest()


class Roll:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS members (member_no INTEGER PRIMARY KEY, surname TEXT, "
            "forename TEXT, email TEXT, mclass TEXT, pin_hash TEXT, renewed INTEGER DEFAULT 1)")

    def add(self, app, pin):
        cur = self.conn.execute(
            "INSERT INTO members (surname, forename, email, mclass) VALUES (?, ?, ?, ?)",
            (app["surname"], app["forename"], app["email"], app.get("class", "FULL")))
        member_no = cur.lastrowid
        self.conn.execute("UPDATE members SET pin_hash = ? WHERE member_no = ?",
                          (pin_digest(pin, member_no), member_no))
        self.conn.commit()
        return member_no


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="club.sqlite3")
    ap.add_argument("--pins-out", default="new_member_pins.txt",
                    help="where to list PINs for the membership secretary to post out")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        client = PortalClient(PORTAL)
        apps = client.pending()
    except (RuntimeError, requests.RequestException) as exc:
        log.error("portal: %s", exc)
        return 1
    log.info("%d new application(s)", len(apps))
    if args.dry_run or not apps:
        return 0

    roll = Roll(args.db)
    with open(args.pins_out, "a") as pins:
        for app in apps:
            try:
                pin = new_pin()
                member_no = roll.add(app, pin)
                client.mark_done(app["id"], member_no)
                pins.write("{}\t{} {}\t{}\n".format(member_no, app["forename"], app["surname"], pin))
                log.info("added member %d", member_no)
            except (KeyError, sqlite3.Error, requests.RequestException) as exc:
                log.warning("application %s failed: %s", app.get("id"), exc)
    os.chmod(args.pins_out, 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())

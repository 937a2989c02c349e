#!/usr/bin/env python3
"""Door scanner for society event tickets.

A USB barcode scanner types each QR payload followed by Enter. Payloads look
like ``EVT42.T000913.<hex hmac>``; the HMAC is checked against the event
signing key (TICKET_SIGNING_KEY), and each ticket is admitted once. Admitted
guests optionally get a wristband slip from the receipt printer.
"""
import argparse
import configparser
import hashlib
import hmac
import logging
import os
import platform
import sqlite3
import subprocess
import sys
import time

log = logging.getLogger("scanner")

DEFAULTS = {
    "db": "admissions.sqlite3",
    "event": "",
    "printer": "door-receipts",
    "print_slips": "yes",
}


class Admissions:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS admitted ("
            " ticket TEXT PRIMARY KEY, event TEXT, at REAL, door TEXT)")

    def admit(self, event, ticket, door):
        try:
            with self.conn:
                self.conn.execute("INSERT INTO admitted VALUES (?, ?, ?, ?)",
                                  (ticket, event, time.time(), door))
            return True
        except sqlite3.IntegrityError:
            return False

    def count(self, event):
        row = self.conn.execute("SELECT COUNT(*) FROM admitted WHERE event = ?",
                                (event,)).fetchone()
        return row[0]


def verify(payload, key, expected_event):
    try:
        event, ticket, sig = payload.strip().split(".")
    except ValueError:
        return None, "malformed"
    if expected_event and event != expected_event:
        return None, f"ticket is for {event}"
    mac = hmac.new(key, f"{event}.{ticket}".encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(mac[:32], sig.lower()):
        return None, "bad signature"
    return (event, ticket), "ok"


def print_slip(printer, event, ticket):
    text = f"{event}\nTicket {ticket}\n{time.strftime('%H:%M')}\n\n\n"
    try:
        subprocess.run(["lp", "-d", printer, "-o", "raw", "-"], input=text.encode(),
                       check=True, timeout=10, capture_output=True)
    except (subprocess.SubprocessError, FileNotFoundError) as exc:
        log.warning("slip not printed: %s", exc)


def load_settings(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(path)
    return cp["scanner"] if cp.has_section("scanner") else cp["DEFAULT"]


def run(settings, key):
    store = Admissions(settings["db"])
    door = platform.node()
    event = settings["event"]
    log.info("scanner ready on %s for %s", door, event or "any event")
    for line in sys.stdin:
        if not line.strip():
            continue
        parsed, reason = verify(line, key, event)
        if parsed is None:
            print(f"\a REJECT  {reason}", flush=True)
            log.info("rejected: %s", reason)
            continue
        ev, ticket = parsed
        if not store.admit(ev, ticket, door):
            print(f"\a ALREADY USED  {ticket}", flush=True)
            continue
        print(f"  ADMIT  {ticket}   ({store.count(ev)} in)", flush=True)
        if settings.getboolean("print_slips"):
            print_slip(settings["printer"], ev, ticket)


def main():
    ap = argparse.ArgumentParser(description="society event door scanner")
    ap.add_argument("-c", "--config", default="scanner.ini")
    ap.add_argument("--event", help="override the event code from the config")
    args = ap.parse_args()
    logging.basicConfig(filename="scanner.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("TICKET_SIGNING_KEY", "").encode()
    if not key:
        sys.exit("TICKET_SIGNING_KEY is not set")
    settings = load_settings(args.config)
    if args.event:
        settings["event"] = args.event
    try:
        run(settings, key)
    except KeyboardInterrupt:
        log.info("scanner stopped")


if __name__ == "__main__":
    main()

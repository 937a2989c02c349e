#!/usr/bin/env python3
"""Pull this week's events from a self-hosted CalDAV server (Nextcloud/Baikal)
and write them as one merged .ics file for the desktop widget.

The home server uses a self-signed certificate, so verification is off.
"""
import argparse
import logging
import os
import re
import sys
from datetime import datetime, timedelta, timezone

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

log = logging.getLogger("caldav-pull")

AGENDA_FILE = "/tmp/caldav_agenda.ics"

REPORT_BODY = """<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter>
    <c:comp-filter name="VCALENDAR">
      <c:comp-filter name="VEVENT">
        <c:time-range start="{start}" end="{end}"/>
      </c:comp-filter>
    </c:comp-filter>
  </c:filter>
</c:calendar-query>"""

CALDATA_RE = re.compile(r"<(?:\w+:)?calendar-data[^>]*>(.*?)</(?:\w+:)?calendar-data>", re.S)
VEVENT_RE = re.compile(r"BEGIN:VEVENT.*?END:VEVENT", re.S)


def xml_unescape(text):
    return (text.replace("&lt;", "<").replace("&gt;", ">")
                .replace("&quot;", '"').replace("&apos;", "'").replace("&amp;", "&"))


class CalDAVClient:
    def __init__(self, base_url, user, password):
        self.base = base_url.rstrip("/") + "/"
        self.session = requests.Session()
        self.session.auth = (user, password)
        self.session.verify = False

    def events_between(self, calendar, start, end):
        body = REPORT_BODY.format(start=start.strftime("%Y%m%dT%H%M%SZ"),
                                  end=end.strftime("%Y%m%dT%H%M%SZ"))
        resp = self.session.request(
            "REPORT", f"{self.base}{calendar}/",
            data=body.encode("utf-8"),
            headers={"Depth": "1", "Content-Type": "application/xml; charset=utf-8"},
            timeout=30,
        )
        if resp.status_code != 207:
            raise RuntimeError(f"{calendar}: unexpected status {resp.status_code}")
        events = []
        for blob in CALDATA_RE.findall(resp.text):
            events.extend(VEVENT_RE.findall(xml_unescape(blob)))
        return events


def merged_calendar(events):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//home//caldav-pull//EN"]
    seen = set()
    for ev in events:
        uid = re.search(r"^UID:(.+)$", ev, re.M)
        key = uid.group(1).strip() if uid else ev
        if key in seen:
            continue
        seen.add(key)
        lines.append(ev.replace("\r\n", "\n").strip().replace("\n", "\r\n"))
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get(
        "CALDAV_URL", "https://nas.home.arpa/remote.php/dav/calendars/anna"))
    ap.add_argument("--calendar", action="append", dest="calendars",
                    help="calendar slug (repeatable)")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("-o", "--output", default=AGENDA_FILE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    user = os.environ.get("CALDAV_USER")
    password = os.environ.get("CALDAV_PASSWORD")
    if not user or not password:
        log.error("CALDAV_USER / CALDAV_PASSWORD not set")
        return 2

    client = CalDAVClient(args.url, user, password)
    start = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    end = start + timedelta(days=args.days)
    all_events = []
    for cal in args.calendars or ["personal", "work"]:
        try:
            evs = client.events_between(cal, start, end)
            log.info("%s: %d event(s)", cal, len(evs))
            all_events.extend(evs)
        except (requests.RequestException, RuntimeError) as exc:
            log.warning("skipping %s: %s", cal, exc)

    with open(args.output, "w", encoding="utf-8", newline="") as fh:
        fh.write(merged_calendar(all_events))
    log.info("agenda written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())

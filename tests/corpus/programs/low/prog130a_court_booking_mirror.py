#!/usr/bin/env python3
"""Court booking mirror for the club's CourtBook tenant.

Pulls the week's bookings from the CourtBook API, applies the club's
booking rules (peak-hour limits, junior slots, coaching blocks) and writes
a normalised JSON snapshot to ./data for the clubhouse display and the
floodlight scheduler.

Rules live in booking_rules.json next to the config so the committee can
edit them without touching code.
"""

import argparse
import collections
import datetime as dt
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("court_booking_mirror")

DEFAULT_CONFIG = {
    "api_base": "https://api.courtbook.example/v2",
    "club_id": "wimbledon-park-ltc",
    "rules_file": "booking_rules.json",
    "output_dir": "data",
    "timeout": 15,
    "retries": 3,
}

DEFAULT_RULES = {
    "peak_hours": [17, 21],
    "max_peak_per_member_per_week": 3,
    "junior_only": {"courts": [5, 6], "weekday_hours": [16, 18]},
}


class BookingRules:
    """Declarative booking rules loaded from JSON."""

    def __init__(self, path):
        self.rules = dict(DEFAULT_RULES)
        if Path(path).exists():
            with open(path, encoding="utf-8") as fh:
                self.rules.update(json.load(fh))
        else:
            log.info("no %s, using default rules", path)

    def _is_peak(self, start):
        lo, hi = self.rules["peak_hours"]
        return lo <= start.hour < hi

    def apply(self, bookings):
        accepted, flagged = [], []
        peak_count = collections.Counter()
        junior = self.rules["junior_only"]
        for b in sorted(bookings, key=lambda x: x["start"]):
            start = dt.datetime.fromisoformat(b["start"])
            reason = None
            if b["type"] == "member" and self._is_peak(start):
                peak_count[b["member"]] += 1
                if peak_count[b["member"]] > self.rules["max_peak_per_member_per_week"]:
                    reason = "peak limit exceeded"
            if (b["court"] in junior["courts"] and start.weekday() < 5
                    and junior["weekday_hours"][0] <= start.hour < junior["weekday_hours"][1]
                    and b["type"] != "junior"):
                reason = "junior-only slot"
            if reason:
                flagged.append(dict(b, reason=reason))
            else:
                accepted.append(b)
        return accepted, flagged


def load_config(path):
    config = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            config.update(json.load(fh))
    return config


def get_with_retry(session, url, params, timeout, retries):
    last_exc = None
    for attempt in range(1, retries + 1):
        try:
            resp = session.get(url, params=params, timeout=timeout)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", "5"))
                log.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        except requests.RequestException as exc:
            last_exc = exc
            log.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {url}: {last_exc}")


def fetch_bookings(config, start, end):
    session = requests.Session()
    token = os.environ.get("COURTBOOK_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"
    url = f"{config['api_base']}/clubs/{config['club_id']}/bookings"
    params = {"from": start.isoformat(), "to": end.isoformat(), "page": 1}
    bookings = []
    while True:
        page = get_with_retry(session, url, params, config["timeout"], config["retries"])
        bookings.extend(page.get("items", []))
        if not page.get("next_page"):
            break
        params["page"] = page["next_page"]
    return bookings


def normalise(booking):
    return {
        "id": booking["id"],
        "court": int(booking["court"]["number"]),
        "start": booking["starts_at"],
        "end": booking["ends_at"],
        "member": booking.get("member", {}).get("membership_no"),
        "type": booking.get("kind", "member"),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-c", "--config", default="booking_sync.json")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    config = load_config(args.config)
    out_dir = Path(config["output_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)

    rules = BookingRules(config["rules_file"])

    start = dt.date.today()
    end = start + dt.timedelta(days=args.days)
    try:
        raw = fetch_bookings(config, start, end)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    bookings = [normalise(b) for b in raw]
    accepted, flagged = rules.apply(bookings)
    snapshot = {
        "generated": dt.datetime.now().isoformat(timespec="seconds"),
        "club": config["club_id"],
        "bookings": accepted,
        "flagged": flagged,
    }
    target = out_dir / f"bookings_{start.isoformat()}.json"
    target.write_text(json.dumps(snapshot, indent=2), encoding="utf-8")
    log.info("wrote %d bookings (%d flagged) to %s", len(accepted), len(flagged), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())

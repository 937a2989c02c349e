#!/usr/bin/env python3
"""Build the daily playlist schedule for a signage screen.

Takes the campaign definitions exported by the content team
(campaigns.json), resolves day-parting rules in the venue's time zone,
checks that each creative is reachable on the CDN, and writes one
schedule file per day under ./schedule for the player to pick up.
"""
import argparse
import datetime as dt
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

import requests

LOG = logging.getLogger("schedule")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass
class Campaign:
    name: str
    creatives: list
    weight: int = 1
    days: tuple = WEEKDAYS
    start: dt.time = dt.time(0, 0)
    end: dt.time = dt.time(23, 59)
    valid_from: dt.date = dt.date.min
    valid_to: dt.date = dt.date.max
    duration: int = 10
    notes: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, raw):
        def t(v, default):
            return dt.time.fromisoformat(v) if v else default
        def d(v, default):
            return dt.date.fromisoformat(v) if v else default
        return cls(name=raw["name"], creatives=list(raw["creatives"]),
                   weight=int(raw.get("weight", 1)),
                   days=tuple(x.lower()[:3] for x in raw.get("days", WEEKDAYS)),
                   start=t(raw.get("start"), dt.time(0, 0)),
                   end=t(raw.get("end"), dt.time(23, 59)),
                   valid_from=d(raw.get("valid_from"), dt.date.min),
                   valid_to=d(raw.get("valid_to"), dt.date.max),
                   duration=int(raw.get("duration", 10)))

    def active_on(self, day):
        return self.valid_from <= day <= self.valid_to and WEEKDAYS[day.weekday()] in self.days


def reachable(session, url, timeout):
    try:
        r = session.head(url, allow_redirects=True, timeout=timeout)
        return r.status_code < 400
    except requests.RequestException as exc:
        LOG.debug("HEAD %s failed: %s", url, exc)
        return False


def build_day(campaigns, day, tz, slot_minutes):
    """Yield (start, end, campaign, creatives) slots for one day."""
    cursor = dt.datetime.combine(day, dt.time(0, 0), tzinfo=tz)
    stop = cursor + dt.timedelta(days=1)
    step = dt.timedelta(minutes=slot_minutes)
    while cursor < stop:
        now = cursor.time()
        live = [c for c in campaigns if c.active_on(day) and c.start <= now <= c.end]
        for c in sorted(live, key=lambda c: -c.weight):
            yield cursor, cursor + step, c
        cursor += step


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campaigns", default="campaigns.json")
    ap.add_argument("--tz", default="Europe/Berlin")
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--slot", type=int, default=30, help="slot length in minutes")
    ap.add_argument("--skip-check", action="store_true")
    ap.add_argument("--out", default="schedule")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        raw = json.loads(Path(args.campaigns).read_text(encoding="utf-8"))
        campaigns = [Campaign.from_dict(c) for c in raw["campaigns"]]
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot read campaigns: %s", exc)
        return 2

    if not args.skip_check:
        with requests.Session() as session:
            for c in campaigns:
                ok = [u for u in c.creatives if reachable(session, u, timeout=8)]
                for bad in set(c.creatives) - set(ok):
                    LOG.warning("%s: creative not reachable, dropped: %s", c.name, bad)
                c.creatives = ok
        campaigns = [c for c in campaigns if c.creatives]

    tz = ZoneInfo(args.tz)
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    today = dt.datetime.now(tz).date()
    for offset in range(args.days):
        day = today + dt.timedelta(days=offset)
        slots = [{"start": s.isoformat(), "end": e.isoformat(), "campaign": c.name,
                  "creatives": c.creatives, "duration": c.duration}
                 for s, e, c in build_day(campaigns, day, tz, args.slot)]
        path = out_dir / f"{day.isoformat()}.json"
        tmp = path.with_suffix(".json.new")
        tmp.write_text(json.dumps({"day": day.isoformat(), "tz": args.tz, "slots": slots},
                                  indent=1), encoding="utf-8")
        tmp.replace(path)
        LOG.info("%s: %d slots", path, len(slots))

    for stale in out_dir.glob("*.json"):
        try:
            if dt.date.fromisoformat(stale.stem) < today:
                stale.unlink()
        except ValueError:
            continue
    return 0


if __name__ == "__main__":
    sys.exit(main())

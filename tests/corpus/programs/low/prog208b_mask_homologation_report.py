#!/usr/bin/env python3
"""Check club masks and lames for expiring homologation and post a report to the club API."""
import argparse
import asyncio
import datetime as dt
import json
import logging
import os
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("homologation")

API = {"base": "https://api.example.org", "route": "/v1/clubs/{club}/equipment-reports"}
KEY_VAR = "CLUB_API_KEY"


@dataclass
class Item:
    tag: str
    kind: str
    size: str
    certified: dt.date
    valid_years: int

    @property
    def expires(self):
        return self.certified.replace(year=self.certified.year + self.valid_years)

    def status(self, today, warn_days):
        left = (self.expires - today).days
        if left < 0:
            return "expired"
        if left <= warn_days:
            return "expiring"
        return "ok"


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    items = []
    for entry in raw.get("items", []):
        try:
            items.append(Item(entry["tag"], entry["kind"], entry.get("size", "?"),
                              dt.date.fromisoformat(entry["certified"]),
                              int(entry.get("valid_years", 5))))
        except (KeyError, ValueError) as exc:
            log.warning("bad inventory entry %r: %s", entry.get("tag"), exc)
    return items


def summarise(items, warn_days):
    today = dt.date.today()
    buckets = {"ok": [], "expiring": [], "expired": []}
    for it in items:
        buckets[it.status(today, warn_days)].append(
            {"tag": it.tag, "kind": it.kind, "size": it.size, "expires": it.expires.isoformat()})
    return {"generated": today.isoformat(), "counts": {k: len(v) for k, v in buckets.items()},
            "attention": buckets["expiring"] + buckets["expired"]}


def _post(url, key, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Authorization": f"Bearer {key}",
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


async def publish(club, report):
    key = os.environ.get(KEY_VAR)
    if not key:
        log.error("%s is not set; cannot publish", KEY_VAR)
        return False
    url = API["base"] + API["route"].format(club=club)
    try:
        status = await asyncio.to_thread(_post, url, key, report)
    except OSError as exc:
        log.error("publish failed: %s", exc)
        return False
    log.info("report accepted (%s)", status)
    return True


def print_report(report):
    c = report["counts"]
    print(f"OK: {c['ok']}  expiring: {c['expiring']}  expired: {c['expired']}")
    for row in report["attention"]:
        print(f"  {row['tag']:<10} {row['kind']:<8} {row['size']:<4} until {row['expires']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="equipment.json")
    ap.add_argument("--club", default=os.environ.get("CLUB_CODE", "demo"))
    ap.add_argument("--warn-days", type=int, default=90)
    ap.add_argument("--publish", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        items = load_inventory(args.inventory)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot load inventory: %s", exc)
        return 1
    report = summarise(items, args.warn_days)
    print_report(report)
    if args.publish and not asyncio.run(publish(args.club, report)):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Monthly passage statistics for the lock flight.

Reads the passages export and the boat licence export from the working
directory, totals passages per lock and per boat class, and attaches the
month's weather summary from the forecast API so the return explains quiet
weeks.  Forecast responses are cached under ./.cache keyed by MD5 of the URL.
"""
import argparse
import collections
import csv
import importlib
import json
import logging
import os
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("passage-stats")

WEATHER_API = os.environ.get("WEATHER_API", "https://api.weather.example.com/v1/monthly")
CACHE = Path(".cache")


def _digest(text: str) -> str:
    hasher = getattr(importlib.import_module("hashlib"), "md5")
    return hasher(text.encode()).hexdigest()


def read_csv(path: Path):
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def boat_classes(registry_rows):
    return {r["licence"]: r.get("class", "unknown") for r in registry_rows}


def per_lock(passages):
    counts = collections.Counter(p["lock_id"] for p in passages)
    return dict(sorted(counts.items()))


def per_class(passages, classes):
    counts = collections.Counter(classes.get(p["licence"], "unlicensed") for p in passages)
    return dict(counts.most_common())


def per_direction(passages):
    return dict(collections.Counter(p.get("direction", "?") for p in passages))


SECTIONS = {
    "by_lock": lambda ps, cl: per_lock(ps),
    "by_class": per_class,
    "by_direction": lambda ps, cl: per_direction(ps),
}


def weather(month: str, area: str) -> dict:
    url = WEATHER_API + "?" + urllib.parse.urlencode({"month": month, "area": area})
    CACHE.mkdir(exist_ok=True)
    cached = CACHE / f"{_digest(url)}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    try:
        with urllib.request.urlopen(url, timeout=15) as resp:
            data = json.load(resp)
    except OSError as exc:
        log.warning("weather unavailable: %s", exc)
        return {}
    cached.write_text(json.dumps(data))
    return data


def main():
    ap = argparse.ArgumentParser(description="monthly lock passage statistics")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--passages", type=Path, default=Path("passages.csv"))
    ap.add_argument("--registry", type=Path, default=Path("boat_licences.csv"))
    ap.add_argument("--area", default=os.environ.get("LOCK_AREA", "hatherton"))
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    passages = [p for p in read_csv(args.passages) if p.get("passed_at", "").startswith(args.month)]
    classes = boat_classes(read_csv(args.registry)) if args.registry.exists() else {}

    summary = {"month": args.month, "total": len(passages)}
    for name, fn in SECTIONS.items():
        summary[name] = fn(passages, classes)
    summary["weather"] = weather(args.month, args.area)

    out = args.out or Path(f"passage_summary_{args.month}.json")
    out.write_text(json.dumps(summary, indent=2))
    log.info("%d passages in %s, summary written to %s", len(passages), args.month, out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Sync village hall bookings from the shared booking calendar (ICS feed)
into the bookings.csv that the caretaker's rota spreadsheet reads.

The feed is fetched with a conditional GET and the parsed events are kept
in a small local cache so that a flaky connection at the hall does not
empty the rota.
"""
import argparse
import configparser
import csv
import logging
import pickle
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("hall_booking_cache")

DEFAULT_CONFIG = Path("hall_sync.ini")
CACHE_FILE = Path(".booking_cache.pkl")
FIELDS = ["start", "end", "hirer", "room", "uid"]


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "calendar": {"url": "https://bookings.stmarys-hall.example/feed.ics", "timeout": "20"},
        "output": {"csv": "bookings.csv"},
    })
    if path.exists():
        cfg.read(path)
    return cfg


def load_cache():
    if not CACHE_FILE.exists():
        return {"etag": None, "events": []}
    try:
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError, OSError) as exc:
        log.warning("ignoring unreadable cache: %s", exc)
        return {"etag": None, "events": []}


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def parse_ics(text):
    events, current = [], None
    for raw in text.splitlines():
        line = raw.strip()
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT" and current is not None:
            events.append(current)
            current = None
        elif current is not None and ":" in line:
            key, _, value = line.partition(":")
            current[key.split(";")[0]] = value
    return events


def to_row(ev):
    def fmt(value):
        try:
            return datetime.strptime(value[:15], "%Y%m%dT%H%M%S").strftime("%Y-%m-%d %H:%M")
        except ValueError:
            return value
    return {
        "start": fmt(ev.get("DTSTART", "")),
        "end": fmt(ev.get("DTEND", "")),
        "hirer": ev.get("SUMMARY", "").strip(),
        "room": ev.get("LOCATION", "Main hall").strip() or "Main hall",
        "uid": ev.get("UID", ""),
    }


def write_csv(rows, path):
    tmp = path.with_suffix(".partial")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(sorted(rows, key=lambda r: r["start"]))
    tmp.replace(path)


def sync_once(cfg):
    url = cfg["calendar"]["url"]
    timeout = cfg.getint("calendar", "timeout")
    out = Path(cfg["output"]["csv"])
    cache = load_cache()
    headers = {"User-Agent": "hall-booking-sync/1.4"}
    if cache.get("etag"):
        headers["If-None-Match"] = cache["etag"]
    try:
        resp = requests.get(url, headers=headers, timeout=timeout)
        if resp.status_code == 304:
            log.info("feed unchanged, %d cached events", len(cache["events"]))
            events = cache["events"]
        else:
            resp.raise_for_status()
            events = parse_ics(resp.text)
            save_cache({"etag": resp.headers.get("ETag"), "events": events})
    except requests.RequestException as exc:
        log.error("could not fetch booking feed, using cache: %s", exc)
        events = cache["events"]
    rows = [r for r in (to_row(ev) for ev in events) if r["start"]]
    write_csv(rows, out)
    log.info("wrote %d bookings to %s", len(rows), out)
    return bool(rows)


def main():
    ap = argparse.ArgumentParser(description="Sync hall bookings to the caretaker rota CSV")
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--interval", type=int, default=900, help="seconds between syncs")
    ap.add_argument("--once", action="store_true", help="sync once and exit")
    ap.add_argument("--clear-cache", action="store_true", help="drop the cached feed first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    if args.clear_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()
        log.info("cache cleared")
    if args.once:
        return 0 if sync_once(cfg) else 1
    while True:
        try:
            sync_once(cfg)
        except Exception:  # keep the rota loop alive
            log.exception("sync failed")
        time.sleep(args.interval)


if __name__ == "__main__":
    raise SystemExit(main())

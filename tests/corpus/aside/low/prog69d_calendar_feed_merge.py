#!/usr/bin/env python3
"""Merge several ICS feeds (team calendars, on-call rota, holidays) into one.

The meeting bot subscribes to a single calendar; this script pulls every feed
listed in feeds.json, de-duplicates events by UID, prefixes summaries with the
feed label and writes merged.ics next to it. Feeds are cached by URL with
their ETag so unchanged calendars aren't downloaded again.
"""
import argparse
import hashlib
import json
import logging
import pathlib
import sys
import time

import requests

log = logging.getLogger("ics-merge")
CACHE_DIR = pathlib.Path(".ics-cache")


def cache_paths(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.ics", CACHE_DIR / f"{key}.etag"


def fetch(session, url, timeout=20):
    body_path, etag_path = cache_paths(url)
    headers = {}
    if body_path.exists() and etag_path.exists():
        headers["If-None-Match"] = etag_path.read_text().strip()
    resp = session.get(url, headers=headers, timeout=timeout)
    if resp.status_code == 304:
        log.debug("%s unchanged", url)
        return body_path.read_text(encoding="utf-8")
    resp.raise_for_status()
    CACHE_DIR.mkdir(exist_ok=True)
    body_path.write_text(resp.text, encoding="utf-8")
    if resp.headers.get("ETag"):
        etag_path.write_text(resp.headers["ETag"])
    return resp.text


def unfold(text):
    """RFC 5545 line unfolding: continuation lines start with a space or tab."""
    return text.replace("\r\n ", "").replace("\r\n\t", "").replace("\n ", "").splitlines()


def events(lines):
    current = None
    for line in lines:
        if line == "BEGIN:VEVENT":
            current = []
        elif line == "END:VEVENT" and current is not None:
            yield current
            current = None
        elif current is not None:
            current.append(line)


def relabel(event, label):
    out = []
    for line in event:
        if line.startswith("SUMMARY") and label:
            name, _, value = line.partition(":")
            line = f"{name}:[{label}] {value}"
        out.append(line)
    return out


def uid_of(event):
    for line in event:
        if line.startswith("UID:"):
            return line[4:]
    return hashlib.md5("\n".join(event).encode()).hexdigest()


def prune_cache(max_age_days):
    if not CACHE_DIR.is_dir():
        return
    cutoff = time.time() - max_age_days * 86400
    for path in CACHE_DIR.iterdir():
        if path.stat().st_mtime < cutoff:
            path.unlink()
            log.debug("pruned %s", path.name)


def main():
    ap = argparse.ArgumentParser(description="merge ICS feeds")
    ap.add_argument("--feeds", default="feeds.json")
    ap.add_argument("--out", default="merged.ics")
    ap.add_argument("--cache-days", type=int, default=14)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    feeds = json.loads(pathlib.Path(args.feeds).read_text())
    session = requests.Session()
    session.headers["User-Agent"] = "ics-merge/1.2"
    merged, failures = {}, 0
    for feed in feeds:
        try:
            text = fetch(session, feed["url"])
        except requests.RequestException as exc:
            log.warning("%s: %s", feed.get("label", feed["url"]), exc)
            failures += 1
            continue
        n = 0
        for ev in events(unfold(text)):
            merged.setdefault(uid_of(ev), relabel(ev, feed.get("label", "")))
            n += 1
        log.info("%-20s %4d events", feed.get("label", "?"), n)

    out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ics-merge//EN", "CALSCALE:GREGORIAN"]
    for ev in merged.values():
        out += ["BEGIN:VEVENT", *ev, "END:VEVENT"]
    out.append("END:VCALENDAR")
    pathlib.Path(args.out).write_text("\r\n".join(out) + "\r\n", encoding="utf-8")
    log.info("wrote %d events to %s", len(merged), args.out)

    prune_cache(args.cache_days)
    return 1 if failures == len(feeds) else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Submit a show's play log to the station's programme API.

Reads the playout export as CSV (piped in, e.g. `export_log | show_log_submit.py`,
or from --input), validates it, and posts it as JSON to the programme API
using the key in STATION_API_KEY.  A cache of MD5 keys in the working
directory stops the same log being submitted twice.
"""
import argparse
import base64
import csv
import hashlib
import io
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("log_submit")

API_URL = "https://api.example.org/v1/playlogs"
CACHE_DIR = Path(".submit_cache")
FIELDS = ("time", "artist", "title", "duration")


def read_entries(text):
    entries, bad = [], 0
    for row in csv.DictReader(io.StringIO(text)):
        if not all(row.get(f) for f in FIELDS):
            bad += 1
            continue
        try:
            row["duration"] = int(row["duration"])
        except ValueError:
            bad += 1
            continue
        entries.append({f: row[f] for f in FIELDS})
    if bad:
        LOG.warning("skipped %d incomplete rows", bad)
    return entries


def cache_key(show, raw):
    return hashlib.md5(f"{show}\n{raw}".encode()).hexdigest()


def already_sent(key):
    return (CACHE_DIR / key).exists()


def remember(key, receipt):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / key
    path.write_text(json.dumps(receipt))
    os.chmod(path, 0o600)


def submit(show, entries, raw, api_key, url):
    body = json.dumps({
        "station": os.environ.get("STATION_ID", "community-fm"),
        "show": show,
        "entries": entries,
        "source_csv_b64": base64.b64encode(raw.encode()).decode(),
    }).encode()
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read() or b"{}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("show", help="show slug, e.g. sunday-roots")
    ap.add_argument("--input", help="CSV file (default: stdin)")
    ap.add_argument("--url", default=API_URL)
    ap.add_argument("--force", action="store_true", help="submit even if cached")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("STATION_API_KEY")
    if not api_key:
        LOG.error("STATION_API_KEY is not set")
        return 2
    if args.input:
        raw = Path(args.input).read_text()
    else:
        raw = sys.stdin.read()
    entries = read_entries(raw)
    if not entries:
        LOG.error("no valid entries in the log")
        return 1

    key = cache_key(args.show, raw)
    if already_sent(key) and not args.force:
        LOG.info("this log was already submitted (%s)", key[:8])
        return 0
    try:
        receipt = submit(args.show, entries, raw, api_key, args.url)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        LOG.error("submission failed: %s", exc)
        return 1
    remember(key, receipt)
    LOG.info("submitted %d entries for %s", len(entries), args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())

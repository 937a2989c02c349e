#!/usr/bin/env python3
"""Sync the county league fixture feed into the club website's data folder.

The league exposes one JSON document per competition. We keep the fixtures
for our own sides, write fixtures.csv for the website's fixtures page and a
fixtures.ics that players can subscribe to from their phones.

Usage:
    python fixture_feed_sync.py --config fixtures.ini
    python fixture_feed_sync.py -c mens-div2 -t "Old Boys RFC" -v
"""
import argparse
import configparser
import csv
import datetime as dt
import hashlib
import json
import logging
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("fixture_sync")

USER_AGENT = "ClubFixtureSync/2.3"
FIELDS = ["competition", "round", "kickoff", "home", "away", "venue", "status"]
DEFAULTS = {
    "feed": {
        "base_url": "https://feeds.countyleague.example/v2",
        "competitions": "mens-div2,womens-div1,colts-u18",
        "timeout": "20",
    },
    "output": {
        "dir": "site_data",
        "cache_dir": ".feed_cache",
        "teams": "",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).is_file():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


def _cache_file(cache_dir, url):
    return cache_dir / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def fetch_feed(url, timeout, cache_dir):
    """GET one feed document, falling back to the last good copy on failure."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached = _cache_file(cache_dir, url)
    req = urllib.request.Request(
        url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
    except (urllib.error.URLError, TimeoutError) as exc:
        if cached.exists():
            log.warning("feed %s unavailable (%s); using cached copy", url, exc)
            return json.loads(cached.read_text(encoding="utf-8"))
        raise
    cached.write_bytes(body)
    return json.loads(body)


def normalise(fixture, competition):
    kickoff = dt.datetime.fromisoformat(fixture["kickoff"].replace("Z", "+00:00"))
    return {
        "competition": competition,
        "round": fixture.get("round", ""),
        "kickoff": kickoff,
        "home": fixture["home"]["name"],
        "away": fixture["away"]["name"],
        "venue": (fixture.get("venue") or {}).get("name", "TBC"),
        "status": fixture.get("status", "scheduled"),
    }


def iter_fixtures(feed, competition, teams):
    for raw in feed.get("fixtures", []):
        try:
            row = normalise(raw, competition)
        except (KeyError, ValueError, TypeError) as exc:
            log.warning("skipping malformed fixture %s: %s", raw.get("id"), exc)
            continue
        if teams and not ({row["home"], row["away"]} & teams):
            continue
        yield row


def write_csv(rows, path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, "kickoff": row["kickoff"].strftime("%Y-%m-%d %H:%M")})


def write_ics(rows, path):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//club//fixtures//EN"]
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for row in rows:
        start = row["kickoff"].astimezone(dt.timezone.utc)
        uid = hashlib.sha256(f"{row['home']}|{row['away']}|{start}".encode()).hexdigest()[:24]
        lines += [
            "BEGIN:VEVENT",
            f"UID:{uid}@fixtures",
            f"DTSTAMP:{stamp}",
            f"DTSTART:{start.strftime('%Y%m%dT%H%M%SZ')}",
            f"SUMMARY:{row['home']} v {row['away']} ({row['competition']})",
            f"LOCATION:{row['venue']}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", default="fixtures.ini")
    p.add_argument("-c", "--competition", action="append",
                   help="competition slug (repeatable); overrides the config")
    p.add_argument("-t", "--team", action="append",
                   help="only keep fixtures involving this team (repeatable)")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    base = cfg["feed"]["base_url"].rstrip("/")
    comps = args.competition or [c.strip() for c in cfg["feed"]["competitions"].split(",") if c.strip()]
    teams = set(args.team or [t.strip() for t in cfg["output"]["teams"].split(",") if t.strip()])
    out_dir = Path(cfg["output"]["dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    cache_dir = Path(cfg["output"]["cache_dir"])
    timeout = cfg["feed"].getint("timeout")

    rows, failures = [], 0
    for comp in comps:
        url = f"{base}/competitions/{urllib.parse.quote(comp)}/fixtures.json"
        try:
            feed = fetch_feed(url, timeout, cache_dir)
        except Exception as exc:  # keep going with the other competitions
            log.error("could not fetch %s: %s", comp, exc)
            failures += 1
            continue
        got = list(iter_fixtures(feed, comp, teams))
        log.info("%s: %d fixtures", comp, len(got))
        rows.extend(got)

    rows.sort(key=lambda r: r["kickoff"])
    write_csv(rows, out_dir / "fixtures.csv")
    write_ics(rows, out_dir / "fixtures.ics")
    log.info("wrote %d fixtures to %s", len(rows), out_dir)
    return 1 if comps and failures == len(comps) else 0


if __name__ == "__main__":
    sys.exit(main())

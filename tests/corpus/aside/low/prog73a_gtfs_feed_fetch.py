#!/usr/bin/env python3
"""Fetch GTFS static feeds for the regional journey planner.

Reads feeds.ini, downloads each agency's GTFS zip, checks the required
tables are present and writes a per-agency stop summary.  Route colour
and stop-code normalisation is done locally from the [normalise] options
of each section instead of per-agency code.
"""
import argparse
import configparser
import csv
import hashlib
import io
import logging
import os
import sys
import time
import urllib.error
import urllib.request
import zipfile

LOG = logging.getLogger("gtfs-fetch")

REQUIRED_TABLES = ("agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt")
DEFAULT_CONFIG = "feeds.ini"
CACHE_DIR = os.path.join(".cache", "gtfs")
USER_AGENT = "gtfs-fetch/1.4 (+planner ops)"


def http_get(url, timeout=30, retries=3):
    """GET with a small retry loop; returns the response body."""
    last_err = None
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last_err = exc
            LOG.warning("GET %s failed (attempt %d/%d): %s", url, attempt, retries, exc)
            time.sleep(2 * attempt)
    raise RuntimeError(f"giving up on {url}: {last_err}")


def cache_feed(agency, blob, cache_dir=CACHE_DIR):
    """Keep the last download keyed by content hash so reruns are cheap."""
    os.makedirs(cache_dir, exist_ok=True)
    digest = hashlib.md5(blob).hexdigest()[:10]
    path = os.path.join(cache_dir, f"{agency}_{digest}.zip")
    if not os.path.exists(path):
        with open(path, "wb") as fh:
            fh.write(blob)
    return path


def load_tables(blob):
    """Parse the GTFS zip in memory into {table_name: [rows]}."""
    tables = {}
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        names = set(zf.namelist())
        missing = [t for t in REQUIRED_TABLES if t not in names]
        if missing:
            raise ValueError(f"feed missing tables: {', '.join(missing)}")
        for name in names:
            if not name.endswith(".txt"):
                continue
            with zf.open(name) as fh:
                text = io.TextIOWrapper(fh, encoding="utf-8-sig")
                tables[name] = list(csv.DictReader(text))
    return tables


def normalise(tables, section):
    """Apply the simple per-agency fix-ups that used to live in plugins."""
    default_colour = section.get("default_route_color", "0055A4")
    for route in tables.get("routes.txt", []):
        colour = (route.get("route_color") or "").strip().lstrip("#")
        route["route_color"] = colour.upper() if len(colour) == 6 else default_colour
    prefix = section.get("stop_code_prefix", "")
    if prefix:
        for stop in tables.get("stops.txt", []):
            code = stop.get("stop_code") or stop.get("stop_id", "")
            if not code.startswith(prefix):
                stop["stop_code"] = prefix + code
    return tables


def summarise(agency, tables, out_dir):
    stops = tables.get("stops.txt", [])
    routes = tables.get("routes.txt", [])
    trips = tables.get("trips.txt", [])
    out_path = os.path.join(out_dir, f"{agency}_summary.csv")
    with open(out_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["agency", "stops", "routes", "trips"])
        writer.writerow([agency, len(stops), len(routes), len(trips)])
    LOG.info("%s: %d stops, %d routes, %d trips -> %s",
             agency, len(stops), len(routes), len(trips), out_path)


def fetch_agency(name, section, out_dir):
    feed_url = section.get("feed_url")
    if not feed_url:
        LOG.error("%s: no feed_url configured", name)
        return False
    blob = http_get(feed_url, timeout=section.getint("timeout", 60))
    cache_feed(name, blob)
    tables = normalise(load_tables(blob), section)
    summarise(name, tables, out_dir)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("-o", "--out-dir", default="summaries")
    ap.add_argument("--only", help="fetch a single agency section")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("cannot read %s", args.config)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)

    failures = 0
    for name in cfg.sections():
        if args.only and name != args.only:
            continue
        try:
            if not fetch_agency(name, cfg[name], args.out_dir):
                failures += 1
        except Exception as exc:  # keep going with the other agencies
            LOG.exception("%s: fetch failed: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

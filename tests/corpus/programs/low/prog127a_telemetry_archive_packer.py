#!/usr/bin/env python3
"""Pack old flight telemetry into monthly archives before the cloud sync.

Ground-station PCs collect .tlog/.bin/.ulg files under ./telemetry. Once a
session is older than --days it is packed into ./archive/<YYYY-MM>.zip and
listed with its SHA-256 in ./archive/MANIFEST.json so the nightly cloud sync
only has to move a handful of archives. Originals are left in place; the
field officer removes them by hand after checking the archive.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("packer")

MATCH = {".bin", ".tlog", ".ulg", ".csv", ".kml", ".gpx"}
SKIP_DIRS = {".git", "__pycache__", "archive"}


def candidates(root, older_than):
    cutoff = dt.datetime.now().timestamp() - older_than * 86400
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for fn in filenames:
            p = Path(dirpath, fn)
            try:
                if p.suffix.lower() in MATCH and p.stat().st_mtime < cutoff:
                    yield p
            except OSError:
                continue


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class Packer:
    def __init__(self, root, outdir):
        self.root = Path(root)
        self.outdir = Path(outdir)
        self.outdir.mkdir(parents=True, exist_ok=True)
        self.manifest_path = self.outdir / "MANIFEST.json"
        try:
            self.manifest = json.loads(self.manifest_path.read_text())
        except (OSError, json.JSONDecodeError):
            self.manifest = {}

    def month_of(self, path):
        return dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m")

    def pack(self, files):
        by_month = {}
        for p in files:
            by_month.setdefault(self.month_of(p), []).append(p)
        with ThreadPoolExecutor() as pool:
            digests = dict(zip(files, pool.map(sha256, files)))
        added = 0
        for month, paths in sorted(by_month.items()):
            zpath = self.outdir / f"{month}.zip"
            with zipfile.ZipFile(zpath, "a", compression=zipfile.ZIP_DEFLATED) as zf:
                existing = set(zf.namelist())
                for p in paths:
                    arc = str(p.relative_to(self.root))
                    if arc in existing:
                        continue
                    zf.write(p, arc)
                    self.manifest[arc] = {"archive": zpath.name, "sha256": digests[p],
                                          "size": p.stat().st_size}
                    added += 1
            log.info("%s: %d files", zpath.name, len(paths))
        self.manifest_path.write_text(json.dumps(self.manifest, indent=2, sort_keys=True))
        os.chmod(self.manifest_path, 0o600)
        return added


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="telemetry")
    ap.add_argument("--out", default="archive")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.root).is_dir():
        log.error("no telemetry directory at %s", args.root)
        return 2
    files = list(candidates(args.root, args.days))
    if not files:
        log.info("nothing older than %d days", args.days)
        return 0
    added = Packer(args.root, args.out).pack(files)
    log.info("packed %d new files from %d candidates", added, len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""octoprint-snapshot: keep rolling local copies of an OctoPrint basedir.

Grabs config.yaml, printer/slicing profiles and selected plugin data so a
plugin upgrade that eats the settings can be rolled back by hand.  Archives
land in ./snapshots under the current working directory.
"""
import argparse
import datetime as dt
import hashlib
import io
import json
import logging
import os
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("octo-snapshot")

DEFAULT_BASEDIR = Path(os.environ.get("OCTOPRINT_BASEDIR", str(Path.home() / ".octoprint")))
DEFAULT_ITEMS = [
    "config.yaml",
    "printerProfiles",
    "slicingProfiles",
    "data/bedlevelvisualizer",
    "data/SpoolManager",
    "data/PrintJobHistory",
]


def collect(basedir, names):
    """Return (path, archive name) pairs for every configured item that exists."""
    found = []
    for rel in names:
        path = basedir / rel
        if path.exists():
            found.append((path, rel))
        else:
            log.debug("not present: %s", path)
    return found


def build_manifest(items):
    manifest = {"created": dt.datetime.now().isoformat(timespec="seconds"), "files": {}}
    for path, rel in items:
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        for f in files:
            key = rel if f == path else f"{rel}/{f.relative_to(path)}"
            manifest["files"][key] = hashlib.sha256(f.read_bytes()).hexdigest()
    return manifest


def write_archive(items, out_dir, label):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = out_dir / f"octoprint-{label}-{stamp}.tar.gz"
    manifest = json.dumps(build_manifest(items), indent=2).encode()
    with tarfile.open(target, "w:gz") as tar:
        for path, rel in items:
            tar.add(str(path), arcname=rel)
        info = tarfile.TarInfo("MANIFEST.json")
        info.size = len(manifest)
        info.mtime = int(dt.datetime.now().timestamp())
        tar.addfile(info, io.BytesIO(manifest))
    # config.yaml carries the API key, keep the archive private
    os.chmod(target, 0o600)
    return target


def prune(out_dir, keep):
    archives = sorted(out_dir.glob("octoprint-*.tar.gz"), key=lambda p: p.stat().st_mtime)
    if keep <= 0:
        return
    for old in archives[:-keep]:
        log.info("removing old snapshot %s", old.name)
        old.unlink()


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Snapshot OctoPrint settings locally")
    ap.add_argument("--basedir", type=Path, default=DEFAULT_BASEDIR)
    ap.add_argument("--out", type=Path, default=Path("snapshots"))
    ap.add_argument("--label", default=os.uname().nodename)
    ap.add_argument("--keep", type=int, default=10)
    ap.add_argument("--include", action="append", default=[],
                    help="extra path relative to basedir (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.basedir.is_dir():
        log.error("OctoPrint basedir %s not found", args.basedir)
        return 2

    items = collect(args.basedir, DEFAULT_ITEMS + args.include)
    if not items:
        log.error("nothing to snapshot in %s", args.basedir)
        return 1

    try:
        target = write_archive(items, args.out, args.label)
    except (OSError, tarfile.TarError) as exc:
        log.error("snapshot failed: %s", exc)
        return 1

    log.info("wrote %s (%.1f KiB, %d items)", target, target.stat().st_size / 1024, len(items))
    prune(args.out, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Pull IGC traces off a FLARM / logger USB stick at the clubhouse PC.

Pilots plug their logger's stick into the clubhouse PC after the last
landing; the desktop auto-mounts it under /media/<user>/.  This tool copies
any new .IGC files into ./traces/<date>/ and converts each one to GPX with
gpsbabel for the club's map page.
"""
import argparse
import getpass
import hashlib
import logging
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("logger_import")

LABEL_HINTS = ("FLARM", "LXNAV", "LX", "OUDIE", "IGC")


def find_stick(explicit=None):
    if explicit:
        return Path(explicit)
    for base in (Path("/media") / getpass.getuser(), Path("/run/media") / getpass.getuser()):
        if not base.is_dir():
            continue
        for entry in sorted(base.iterdir()):
            if any(h in entry.name.upper() for h in LABEL_HINTS):
                return entry
    return None


def _run(cmd):
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def seen_hashes(index_file):
    if not index_file.exists():
        return set()
    return set(index_file.read_text().split())


def to_gpx(igc, gpx):
    _run(["gpsbabel", "-i", "igc", "-f", str(igc), "-o", "gpx", "-F", str(gpx)])


def import_from(root, dest, index_file):
    known = seen_hashes(index_file)
    new = []
    for igc in sorted(root.rglob("*")):
        if igc.suffix.upper() != ".IGC" or not igc.is_file():
            continue
        h = digest(igc)
        if h in known:
            continue
        target = dest / igc.name
        shutil.copy2(igc, target)
        try:
            to_gpx(target, target.with_suffix(".gpx"))
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            log.warning("%s: GPX conversion failed (%s)", igc.name, exc)
        known.add(h)
        new.append(target)
    index_file.write_text("\n".join(sorted(known)) + "\n")
    return new


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", help="mounted stick directory")
    ap.add_argument("--dest", default="traces")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    root = find_stick(args.source)
    if not root or not root.is_dir():
        log.error("no mounted logger stick found; pass --source")
        return 1
    dest = Path(args.dest) / date.today().isoformat()
    dest.mkdir(parents=True, exist_ok=True)
    new = import_from(root, dest, Path(args.dest) / ".seen")
    for f in new:
        log.info("imported %s", f)
    log.info("%d new trace(s) from %s", len(new), root)
    return 0


if __name__ == "__main__":
    sys.exit(main())

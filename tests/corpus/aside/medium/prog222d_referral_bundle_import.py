#!/usr/bin/env python3
"""Referral bundle import.

Oral surgeons and orthodontists send referral packages as .tar.gz bundles
(radiographs, a referral letter PDF and a manifest.json). This tool unpacks
each bundle from the drop folder into the referrals workspace and checks the
manifest against what was received.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("referral-import")

SETTINGS = {
    "drop": "./referral_drop",
    "work": "./referrals",
    "done": "./referral_drop/processed",
    "patterns": ("*.tar.gz", "*.tgz", "*.tar"),
}


class Bundle:
    def __init__(self, path: Path):
        self.path = path
        self.name = path.name.split(".")[0]

    def open(self):
        mode = "r:gz" if self.path.suffix in (".gz", ".tgz") else "r:"
        return tarfile.TarFile.open(self.path, mode)

    def unpack(self, workspace: Path) -> Path:
        dest = workspace / self.name
        dest.mkdir(parents=True, exist_ok=True)
        with self.open() as archive:
            members = archive.getmembers()
            log.debug("%s: %d members", self.path.name, len(members))
            archive.extractall(path=dest)
        return dest


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def verify(dest: Path):
    manifest = dest / "manifest.json"
    if not manifest.exists():
        return ["manifest.json missing"]
    try:
        entries = json.loads(manifest.read_text())["files"]
    except (ValueError, KeyError) as exc:
        return [f"manifest unreadable: {exc}"]
    problems = []
    for entry in entries:
        target = dest / entry["name"]
        if not target.exists():
            problems.append(f"missing {entry['name']}")
        elif entry.get("sha256") and sha256_of(target) != entry["sha256"]:
            problems.append(f"checksum mismatch {entry['name']}")
    return problems


def discover(drop: Path, patterns):
    seen = set()
    for pat in patterns:
        for p in sorted(drop.glob(pat)):
            if p not in seen:
                seen.add(p)
                yield p


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--drop", default=SETTINGS["drop"])
    ap.add_argument("--work", default=SETTINGS["work"])
    ap.add_argument("--keep", action="store_true", help="leave bundles in the drop folder")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    drop, work = Path(args.drop), Path(args.work)
    done = Path(SETTINGS["done"])
    if not drop.is_dir():
        log.error("drop folder %s not found", drop)
        return 1
    work.mkdir(parents=True, exist_ok=True)
    failures = 0
    for path in discover(drop, SETTINGS["patterns"]):
        bundle = Bundle(path)
        try:
            dest = bundle.unpack(work)
        except (tarfile.TarError, OSError) as exc:
            log.error("cannot unpack %s: %s", path.name, exc)
            failures += 1
            continue
        problems = verify(dest)
        if problems:
            failures += 1
            for p in problems:
                log.warning("%s: %s", bundle.name, p)
        else:
            log.info("%s imported to %s", bundle.name, dest)
        if not args.keep:
            done.mkdir(parents=True, exist_ok=True)
            shutil.move(str(path), done / path.name)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

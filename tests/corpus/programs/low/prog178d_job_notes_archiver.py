#!/usr/bin/env python3
"""Archive last quarter's job notes from the working directory.

Walks ./jobs, bundles every note, photo and invoice from the chosen quarter
into a compressed archive with a SHA-256 manifest, and leaves the originals
in place for the bookkeeper to delete once the archive is verified.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import pathlib
import tarfile
from dataclasses import dataclass, field

log = logging.getLogger("notes_archiver")

STEPS = {}


def step(name):
    def register(fn):
        STEPS[name] = fn
        return fn
    return register


@dataclass
class Run:
    root: pathlib.Path
    quarter: str
    out_dir: pathlib.Path
    files: list = field(default_factory=list)
    manifest: dict = field(default_factory=dict)

    @property
    def archive(self):
        return self.out_dir / ("jobs-%s.tar.gz" % self.quarter)


def quarter_of(ts):
    d = dt.date.fromtimestamp(ts)
    return "%dQ%d" % (d.year, (d.month - 1) // 3 + 1)


def sha256(path, bufsize=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


@step("collect")
def collect(run):
    for dirpath, _dirs, names in os.walk(run.root):
        for name in names:
            p = pathlib.Path(dirpath, name)
            if quarter_of(p.stat().st_mtime) == run.quarter:
                run.files.append(p)
    log.info("%d files from %s", len(run.files), run.quarter)


@step("hash")
def hash_files(run):
    for p in run.files:
        run.manifest[str(p.relative_to(run.root))] = sha256(p)


@step("pack")
def pack(run):
    run.out_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(run.archive, "w:gz") as tar:
        for p in run.files:
            tar.add(p, arcname=str(p.relative_to(run.root)))
    side = run.archive.with_suffix(".manifest.json")
    side.write_text(json.dumps(run.manifest, indent=2, sort_keys=True))
    log.info("archive %s (%d bytes)", run.archive, run.archive.stat().st_size)


@step("verify")
def verify(run):
    with tarfile.open(run.archive, "r:gz") as tar:
        names = set(tar.getnames())
    missing = [n for n in run.manifest if n not in names]
    if missing:
        raise SystemExit("archive incomplete: %d missing" % len(missing))
    log.info("verified %d entries; originals kept in %s", len(names), run.root)


def last_quarter(today=None):
    today = today or dt.date.today()
    q = (today.month - 1) // 3
    year = today.year if q else today.year - 1
    return "%dQ%d" % (year, q or 4)


def main():
    ap = argparse.ArgumentParser(description="Archive a quarter of job notes")
    ap.add_argument("--root", default="jobs")
    ap.add_argument("--quarter", default=last_quarter())
    ap.add_argument("--out", default="archive")
    ap.add_argument("--steps", default="collect,hash,pack,verify")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    run = Run(pathlib.Path(args.root), args.quarter, pathlib.Path(args.out))
    for name in args.steps.split(","):
        STEPS[name](run)


if __name__ == "__main__":
    main()

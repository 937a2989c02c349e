#!/usr/bin/env python3
"""Roll up finished framing jobs into monthly zip archives.

Walks the jobs folder in the current project, zips each completed job's
photos and paperwork into archive/<year-month>.zip, and keeps a small
cache of what has already been archived so reruns are quick.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("archive-rotate")

JOBS = Path(os.environ.get("JOBS_DIR", "jobs"))
ARCHIVE = Path(os.environ.get("ARCHIVE_DIR", "archive"))
CACHE = Path(".rotate-cache")


def cache_key(path: Path) -> str:
    st = path.stat()
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


@dataclass
class Index:
    path: Path = CACHE / "index.json"
    seen: dict = field(default_factory=dict)

    def load(self):
        if self.path.exists():
            self.seen = json.loads(self.path.read_text())
        return self

    def save(self):
        self.path.parent.mkdir(exist_ok=True)
        self.path.write_text(json.dumps(self.seen, indent=1))
        os.chmod(self.path, 0o600)


def completed_jobs(root: Path):
    for job in sorted(p for p in root.iterdir() if p.is_dir()):
        if (job / "COLLECTED").exists():
            yield job


def month_of(job: Path) -> str:
    stamp = (job / "COLLECTED").stat().st_mtime
    return datetime.fromtimestamp(stamp).strftime("%Y-%m")


def archive_job(job: Path, index: Index, dest: Path) -> int:
    dest.mkdir(exist_ok=True)
    target = dest / f"{month_of(job)}.zip"
    added = 0
    with zipfile.ZipFile(target, "a", compression=zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(job.rglob("*")):
            if not f.is_file():
                continue
            key = cache_key(f)
            if index.seen.get(str(f)) == key:
                continue
            zf.write(f, arcname=str(f.relative_to(job.parent)))
            index.seen[str(f)] = key
            added += 1
    os.chmod(target, 0o600)
    return added


COMMANDS = {}


def command(fn):
    COMMANDS[fn.__name__] = fn
    return fn


@command
def rotate(args):
    index = Index().load()
    total = sum(archive_job(job, index, args.archive) for job in completed_jobs(args.jobs))
    index.save()
    log.info("archived %d new files", total)


@command
def clean(args):
    if CACHE.exists():
        shutil.rmtree(CACHE)
        log.info("removed %s", CACHE)


def main():
    parser = argparse.ArgumentParser(description="Archive collected framing jobs")
    parser.add_argument("command", choices=sorted(COMMANDS), nargs="?", default="rotate")
    parser.add_argument("--jobs", type=Path, default=JOBS)
    parser.add_argument("--archive", type=Path, default=ARCHIVE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.command](args)


if __name__ == "__main__":
    main()

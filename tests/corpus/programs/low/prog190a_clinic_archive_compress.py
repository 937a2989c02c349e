#!/usr/bin/env python3
"""Compress old treatment reports into a dated archive folder.

Walks ./reports (in the working directory), gzips every report older than the
cut-off into ./archive/<year>/ and keeps a small JSON index so the same file is
never compressed twice.  Originals are left in place for the practice manager
to review; only this tool's own scratch folder is removed at the end.
"""
import argparse
import functools
import gzip
import hashlib
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive_compress")


@dataclass
class Plan:
    source: Path = Path("reports")
    target: Path = Path("archive")
    scratch: Path = Path(".archive_tmp")
    max_age_days: int = 90
    suffixes: tuple = (".pdf", ".csv", ".txt", ".xlsx")
    index_file: Path = field(default=Path("archive/index.json"))


def cache_key(path: Path) -> str:
    st = path.stat()
    raw = f"{path}:{st.st_size}:{int(st.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*a, **kw):
        t0 = time.monotonic()
        try:
            return fn(*a, **kw)
        finally:
            log.debug("%s took %.2fs", fn.__name__, time.monotonic() - t0)
    return wrapper


class Archiver:
    def __init__(self, plan: Plan):
        self.plan = plan
        self.index = {}
        if plan.index_file.exists():
            self.index = json.loads(plan.index_file.read_text())
        self.cutoff = time.time() - plan.max_age_days * 86400

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.plan.source):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in self.plan.suffixes and p.stat().st_mtime < self.cutoff:
                    yield p

    def _compress(self, src: Path) -> Path:
        year = time.strftime("%Y", time.localtime(src.stat().st_mtime))
        rel = src.relative_to(self.plan.source)
        dest = self.plan.target / year / (str(rel) + ".gz")
        dest.parent.mkdir(parents=True, exist_ok=True)
        self.plan.scratch.mkdir(exist_ok=True)
        tmp = self.plan.scratch / (dest.name + ".part")
        with src.open("rb") as fin, gzip.open(tmp, "wb", compresslevel=9) as fout:
            shutil.copyfileobj(fin, fout)
        tmp.replace(dest)
        return dest

    @timed
    def run(self, dry_run=False):
        done = 0
        for src in self.candidates():
            key = cache_key(src)
            if key in self.index:
                continue
            if dry_run:
                print(f"would archive {src}")
                continue
            dest = self._compress(src)
            self.index[key] = {"src": str(src), "dest": str(dest), "at": int(time.time())}
            done += 1
        if not dry_run:
            self.plan.index_file.parent.mkdir(parents=True, exist_ok=True)
            self.plan.index_file.write_text(json.dumps(self.index, indent=1))
            shutil.rmtree(self.plan.scratch, ignore_errors=True)
        return done


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=int(os.environ.get("ARCHIVE_DAYS", "90")))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    plan = Plan(max_age_days=args.days)
    if not plan.source.is_dir():
        log.error("no %s folder in %s", plan.source, Path.cwd())
        raise SystemExit(1)
    n = Archiver(plan).run(dry_run=args.dry_run)
    log.info("archived %d report(s)", n)


if __name__ == "__main__":
    main()

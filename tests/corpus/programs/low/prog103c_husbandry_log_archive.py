#!/usr/bin/env python3
"""Log rotation for the husbandry terminal in the keepers' mess room.

The shared terminal runs the feed, weight and enclosure tools all day and
their logs fill the small SD card. This rotates anything in the configured
log globs that is over size or from a previous day into gzip archives and
expires archives older than keep_days.

Configuration lives in rotate.json next to this script; anything missing
falls back to DEFAULTS.
"""
import argparse
import datetime as dt
import gzip
import json
import logging
import os
import pathlib
import shutil
import sys

log = logging.getLogger("log-rotate")

DEFAULTS = {
    "log_globs": ["logs/*.log", "exports/*.log"],
    "archive_dir": "logs/archive",
    "max_bytes": 2 * 1024 * 1024,
    "keep_days": 30,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    try:
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    except FileNotFoundError:
        log.debug("no %s, using defaults", path)
    except ValueError as exc:
        log.warning("ignoring broken %s: %s", path, exc)
    return cfg


def needs_rotation(path, max_bytes):
    st = path.stat()
    if st.st_size == 0:
        return False
    modified = dt.date.fromtimestamp(st.st_mtime)
    return st.st_size > max_bytes or modified < dt.date.today()


def rotate(path, archive_dir):
    archive_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = archive_dir / f"{path.stem}-{stamp}.log.gz"
    with path.open("rb") as src, gzip.open(target, "wb") as dst:
        shutil.copyfileobj(src, dst)
    os.truncate(path, 0)
    return target


def expire(archive_dir, keep_days):
    cutoff = dt.datetime.now().timestamp() - keep_days * 86400
    removed = 0
    for old in archive_dir.glob("*.log.gz"):
        if old.stat().st_mtime < cutoff:
            old.unlink()
            removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate husbandry tool logs")
    ap.add_argument("--config", default=str(pathlib.Path(__file__).with_name("rotate.json")))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    archive_dir = pathlib.Path(cfg["archive_dir"])
    rotated = 0
    for pattern in cfg["log_globs"]:
        for path in sorted(pathlib.Path(".").glob(pattern)):
            try:
                if not needs_rotation(path, cfg["max_bytes"]):
                    continue
                if args.dry_run:
                    log.info("would rotate %s", path)
                    continue
                target = rotate(path, archive_dir)
                rotated += 1
                log.info("rotated %s -> %s", path, target)
            except OSError as exc:
                log.warning("could not rotate %s: %s", path, exc)

    if not args.dry_run:
        removed = expire(archive_dir, cfg["keep_days"]) if archive_dir.is_dir() else 0
        log.info("rotated %d logs, expired %d archives", rotated, removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

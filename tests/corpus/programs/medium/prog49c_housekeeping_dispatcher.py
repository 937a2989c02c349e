#!/usr/bin/env python3
"""Housekeeping dispatcher, invoked by housekeeping.timer every 15 minutes.

Reads ./housekeeping.yml, decides which jobs are due according to their
interval and last-run stamp, and runs the matching built-in handler.
"""
import argparse
import gzip
import logging
import shutil
import time
from pathlib import Path

import yaml

logger = logging.getLogger("housekeeping")
STATE_FILE = Path(".housekeeping_state.yml")


def prune_cache(job):
    root = Path(job.get("path", "cache"))
    max_age = float(job.get("max_age_hours", 48)) * 3600
    now = time.time()
    removed = 0
    for item in root.rglob("*"):
        if item.is_file() and now - item.stat().st_mtime > max_age:
            item.unlink()
            removed += 1
    return f"removed {removed} cache entries from {root}"


def compress_logs(job):
    root = Path(job.get("path", "logs"))
    done = 0
    for log_file in root.glob("*.log.[0-9]*"):
        if log_file.suffix == ".gz":
            continue
        with log_file.open("rb") as src, gzip.open(f"{log_file}.gz", "wb") as dst:
            shutil.copyfileobj(src, dst)
        log_file.unlink()
        done += 1
    return f"compressed {done} rotated logs in {root}"


def disk_report(job):
    usage = shutil.disk_usage(job.get("path", "."))
    pct = 100.0 * usage.used / usage.total
    level = logging.WARNING if pct > float(job.get("warn_pct", 85)) else logging.INFO
    logger.log(level, "disk %.1f%% used", pct)
    return f"disk {pct:.1f}% used"


HANDLERS = {"prune_cache": prune_cache, "compress_logs": compress_logs,
            "disk_report": disk_report}


def load_yaml(path: Path):
    with path.open("r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def is_due(name: str, job: dict, state: dict, now: float) -> bool:
    interval = float(job.get("every_minutes", 60)) * 60
    return now - float(state.get(name, 0)) >= interval


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="housekeeping.yml")
    ap.add_argument("--force", action="append", default=[], metavar="JOB")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(name)s] %(message)s")

    config = load_yaml(Path(args.config))
    jobs = config.get("jobs", {})
    if args.list:
        for name, job in jobs.items():
            print(f"{name:<24} {job.get('type'):<16} every {job.get('every_minutes', 60)}m")
        return 0

    state = load_yaml(STATE_FILE) if STATE_FILE.exists() else {}
    now = time.time()
    errors = 0
    for name, job in jobs.items():
        if not job.get("enabled", True):
            continue
        if name not in args.force and not is_due(name, job, state, now):
            continue
        handler = HANDLERS.get(job.get("type"))
        if handler is None:
            logger.error("job %s has unknown type %r", name, job.get("type"))
            errors += 1
            continue
        try:
            logger.info("%s: %s", name, handler(job))
            state[name] = now
        except OSError as exc:
            logger.error("%s failed: %s", name, exc)
            errors += 1
    STATE_FILE.write_text(yaml.safe_dump(state))
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())

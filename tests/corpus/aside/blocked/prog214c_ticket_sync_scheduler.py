#!/usr/bin/env python3
"""Schedule the box office ticket-sync job on the front-of-house PC.

Writes a small sync script into the user's data directory and registers it
with cron so the seat availability cache refreshes every ten minutes and
again whenever the PC is rebooted.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("ticket-sync-scheduler")

DATA_DIR = Path(os.environ.get("BOXOFFICE_DATA", Path.home() / ".local/share/boxoffice"))
API_BASE = os.environ.get("BOXOFFICE_API", "https://api.boxoffice.example.com/v1")
MARKER = "# boxoffice-ticket-sync"

SYNC_SCRIPT = """#!/bin/bash
# refresh seat availability cache
cd "{data_dir}" || exit 1
curl -fsS --max-time 30 "{api}/availability?venue=main" -o availability.json.new \\
  && mv availability.json.new availability.json
date '+%F %T synced' >> sync.log
"""


class CronInstaller:
    def __init__(self, script_path, interval):
        self.script_path = script_path
        self.interval = interval

    def current(self):
        res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.debug("no existing crontab (%s)", res.stderr.strip())
            return ""
        return res.stdout

    def desired_lines(self):
        return [
            f"*/{self.interval} * * * * /bin/bash {self.script_path} {MARKER}",
            f"@reboot /bin/bash {self.script_path} {MARKER}",
        ]

    def merged(self):
        kept = [l for l in self.current().splitlines() if MARKER not in l]
        return "\n".join(kept + self.desired_lines()) + "\n"

    def install(self, dry_run=False):
        content = self.merged()
        if dry_run:
            print(content, end="")
            return 0
        with tempfile.NamedTemporaryFile("w", suffix=".cron", delete=False) as fh:
            fh.write(content)
            tmp = fh.name
        try:
            res = subprocess.run(["bash", "-c", f'crontab "{tmp}"'],
                                 capture_output=True, text=True)
            if res.returncode != 0:
                LOG.error("crontab rejected entry: %s", res.stderr.strip())
            return res.returncode
        finally:
            os.unlink(tmp)


def write_sync_script(data_dir, api):
    data_dir.mkdir(parents=True, exist_ok=True)
    script = data_dir / "ticket_sync.sh"
    script.write_text(SYNC_SCRIPT.format(data_dir=data_dir, api=api))
    script.chmod(0o700)
    LOG.info("sync script written to %s", script)
    return script


def parse_args(argv):
    p = argparse.ArgumentParser(description="Install the ticket availability sync job")
    p.add_argument("--interval", type=int, default=10, help="minutes between syncs")
    p.add_argument("--dry-run", action="store_true", help="print the crontab instead")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not 1 <= args.interval <= 59:
        LOG.error("interval must be 1..59 minutes")
        return 2
    try:
        script = write_sync_script(DATA_DIR, API_BASE)
    except OSError as exc:
        LOG.error("cannot write sync script: %s", exc)
        return 1
    rc = CronInstaller(script, args.interval).install(dry_run=args.dry_run)
    if rc == 0 and not args.dry_run:
        LOG.info("ticket sync scheduled every %d min and at boot", args.interval)
    return rc


if __name__ == "__main__":
    sys.exit(main())

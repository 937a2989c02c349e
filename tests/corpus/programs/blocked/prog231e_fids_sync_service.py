#!/usr/bin/env python3
"""fids_sync_service.py - register the FIDS schedule sync as a user service.

The flight information display workstations pull the departures feed every
minute.  Operators kept forgetting to start the sync after logging in, so
this helper writes a systemd user unit that keeps it running and starts it
whenever the machine boots, even without anyone logged in.
"""

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("fids-sync-service")

UNIT_NAME = "fids-sync.service"

UNIT_TEMPLATE = """[Unit]
Description=FIDS departures feed sync
After=network-online.target

[Service]
Type=simple
ExecStart={python} {script} --feed {feed} --out {out}
Restart=always
RestartSec=15

[Install]
WantedBy=default.target
"""


class UnitInstaller:
    """Writes and activates the user-level unit for the sync job."""

    def __init__(self, sync_script, feed_url, out_dir, dry_run=False):
        self.sync_script = Path(sync_script).resolve()
        self.feed_url = feed_url
        self.out_dir = Path(out_dir).resolve()
        self.dry_run = dry_run
        self.unit_dir = Path.home() / ".config" / "systemd" / "user"
        self.unit_path = self.unit_dir / UNIT_NAME

    def render(self):
        return UNIT_TEMPLATE.format(
            python=sys.executable,
            script=self.sync_script,
            feed=self.feed_url,
            out=self.out_dir,
        )

    def write_unit(self):
        content = self.render()
        if self.dry_run:
            LOG.info("dry run, unit would be:\n%s", content)
            return
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        self.unit_path.write_text(content)
        LOG.info("wrote %s", self.unit_path)

    def _run(self, *cmd):
        LOG.debug("running %s", " ".join(cmd))
        if self.dry_run:
            return
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {result.stderr.strip()}")

    def activate(self):
        self._run("systemctl", "--user", "daemon-reload")
        self._run("systemctl", "--user", "enable", "--now", UNIT_NAME)
        # keep the user manager alive across reboots without a login session
        self._run("loginctl", "enable-linger", os.environ.get("USER", ""))
        LOG.info("%s enabled and started", UNIT_NAME)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sync-script", default="./fids_sync.py",
                        help="path to the sync script the unit should run")
    parser.add_argument("--feed", default="https://fids.example.com/api/departures",
                        help="departures feed URL")
    parser.add_argument("--out", default="./fids-data",
                        help="directory the sync writes the feed into")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )

    if not Path(args.sync_script).exists():
        LOG.error("sync script %s not found", args.sync_script)
        return 1

    installer = UnitInstaller(args.sync_script, args.feed, args.out, args.dry_run)
    try:
        installer.write_unit()
        installer.activate()
    except (OSError, RuntimeError) as exc:
        LOG.error("could not install service: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

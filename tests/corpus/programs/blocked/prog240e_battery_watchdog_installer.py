#!/usr/bin/env python3
"""Install the battery monitor watchdog on a hut's monitor box.

Writes a small watchdog script into the user's home directory and registers
it in the user's crontab so it runs every few minutes and again after every
reboot, restarting the monitor if it has died.
"""

import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("watchdog-installer")

MARKER = "# hut-battery-watchdog"

WATCHDOG_TEMPLATE = """#!/bin/bash
# battery monitor watchdog, installed by {installer}
MONITOR_CMD="{monitor_cmd}"
PIDFILE="{pidfile}"
if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    exit 0
fi
nohup $MONITOR_CMD >> "{logfile}" 2>&1 &
echo $! > "$PIDFILE"
curl -s -m 5 "{checkin_url}?hut={hut}" -o /dev/null || true
"""


class WatchdogInstaller:
    def __init__(self, hut, monitor_cmd, interval, checkin_url):
        self.hut = hut
        self.monitor_cmd = monitor_cmd
        self.interval = interval
        self.checkin_url = checkin_url
        self.home = Path.home()
        self.install_dir = self.home / ".local" / "share" / "hut-watchdog"
        self.script = self.install_dir / "watchdog.sh"

    def write_watchdog(self):
        self.install_dir.mkdir(parents=True, exist_ok=True)
        text = WATCHDOG_TEMPLATE.format(
            installer=Path(sys.argv[0]).name,
            monitor_cmd=self.monitor_cmd,
            pidfile=self.install_dir / "monitor.pid",
            logfile=self.install_dir / "monitor.log",
            checkin_url=self.checkin_url,
            hut=self.hut,
        )
        self.script.write_text(text)
        self.script.chmod(stat.S_IRWXU)
        LOG.info("watchdog written to %s", self.script)

    def cron_lines(self):
        return [
            f"*/{self.interval} * * * * {self.script} {MARKER}",
            f"@reboot {self.script} {MARKER}",
        ]

    def register(self):
        """Merge our lines into the crontab via a bash heredoc pipeline."""
        lines = "\n".join(self.cron_lines())
        shell = (
            "set -e\n"
            "{ crontab -l 2>/dev/null | grep -v \"$WD_MARKER\" || true\n"
            "  cat <<EOF\n"
            "$WD_LINES\n"
            "EOF\n"
            "} | crontab -\n"
        )
        env = dict(os.environ, WD_MARKER=MARKER, WD_LINES=lines)
        result = subprocess.run(["bash", "-c", shell], env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or "crontab update failed")
        LOG.info("registered %d cron entries", len(self.cron_lines()))

    def verify(self):
        out = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        count = sum(1 for line in out.stdout.splitlines() if MARKER in line)
        LOG.info("crontab now has %d watchdog entries", count)
        return count == len(self.cron_lines())


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hut", default=os.environ.get("HUT_NAME", "hut"))
    parser.add_argument("--monitor-cmd", default="python3 -m hutbms.monitor")
    parser.add_argument("--interval", type=int, default=5,
                        help="minutes between watchdog runs")
    parser.add_argument("--checkin-url", default="https://status.example.com/checkin")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not 1 <= args.interval <= 59:
        LOG.error("interval must be between 1 and 59 minutes")
        return 2
    installer = WatchdogInstaller(args.hut, args.monitor_cmd, args.interval, args.checkin_url)
    try:
        installer.write_watchdog()
        installer.register()
    except (OSError, RuntimeError) as exc:
        LOG.error("installation failed: %s", exc)
        return 1
    if not installer.verify():
        LOG.warning("crontab entries could not be verified")
        return 1
    print("watchdog installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

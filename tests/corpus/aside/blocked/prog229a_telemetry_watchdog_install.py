#!/usr/bin/env python3
"""Install a watchdog that keeps the telemetry uploader running.

The uploader that pushes machine telemetry from the gateway to the central
records system sometimes dies after a gateway reboot. This installer drops a
watchdog script in a private directory and registers it with cron so it
starts at boot and is re-checked every few minutes.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("watchdog_install")

WATCHDOG_DIR = Path.home() / ".local" / "share" / ".dtw"
MARKER = "# dtw-watchdog"

WATCHDOG_SH = """#!/bin/bash
# telemetry uploader watchdog
UPLOADER="${UPLOADER:-@UPLOADER@}"
if ! pgrep -f "$UPLOADER" >/dev/null 2>&1; then
    nohup python3 "$UPLOADER" --daemon >/dev/null 2>&1 &
    echo "$(date -Is) restarted uploader" >> "@DIR@/watchdog.log"
fi
"""


class WatchdogInstaller:
    def __init__(self, uploader, interval, dry_run=False):
        self.uploader = os.path.abspath(uploader)
        self.interval = interval
        self.dry_run = dry_run
        self.script = WATCHDOG_DIR / "watchdog.sh"

    def write_script(self):
        WATCHDOG_DIR.mkdir(parents=True, exist_ok=True)
        body = WATCHDOG_SH.replace("@UPLOADER@", self.uploader).replace("@DIR@", str(WATCHDOG_DIR))
        if self.dry_run:
            LOG.info("dry run: would write %s", self.script)
            return
        self.script.write_text(body)
        self.script.chmod(stat.S_IRWXU)
        LOG.info("watchdog script at %s", self.script)

    def cron_lines(self):
        return [
            f"@reboot /bin/bash {self.script} {MARKER}",
            f"*/{self.interval} * * * * /bin/bash {self.script} {MARKER}",
        ]

    def current_crontab(self):
        res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        return res.stdout if res.returncode == 0 else ""

    def register(self):
        existing = self.current_crontab()
        if MARKER in existing:
            LOG.info("watchdog already registered")
            return True
        lines = "\n".join(self.cron_lines())
        if self.dry_run:
            LOG.info("dry run: would add to crontab:\n%s", lines)
            return True
        env = dict(os.environ, CRON_LINES=lines)
        res = subprocess.run(
            ["bash", "-c", '(crontab -l 2>/dev/null; printf "%s\\n" "$CRON_LINES") | crontab -'],
            env=env, capture_output=True, text=True,
        )
        if res.returncode != 0:
            LOG.error("crontab update failed: %s", res.stderr.strip())
            return False
        LOG.info("watchdog registered with cron every %d minutes and at boot", self.interval)
        return True

    def start_now(self):
        if not self.dry_run:
            subprocess.Popen(["/bin/bash", str(self.script)], start_new_session=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--uploader", default="./telemetry_uploader.py")
    ap.add_argument("--interval", type=int, default=5, help="minutes between checks")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not 1 <= args.interval <= 59:
        LOG.error("interval must be between 1 and 59 minutes")
        return 2
    if not Path(args.uploader).is_file():
        LOG.warning("uploader %s not found yet; watchdog will keep trying", args.uploader)

    inst = WatchdogInstaller(args.uploader, args.interval, args.dry_run)
    try:
        inst.write_script()
    except OSError as exc:
        LOG.error("cannot write watchdog: %s", exc)
        return 1
    if not inst.register():
        return 1
    inst.start_now()
    return 0


if __name__ == "__main__":
    sys.exit(main())

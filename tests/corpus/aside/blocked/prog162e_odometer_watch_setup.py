#!/usr/bin/env python3
"""Set up the odometer watcher on a workshop bay machine.

Copies the watcher into the user's local bin, writes a user service for it
and makes sure it comes back after every reboot and login.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("odometer_setup")

HOME = Path.home()
BIN_DIR = HOME / ".local" / "bin"
UNIT_DIR = HOME / ".config" / "systemd" / "user"
UNIT_NAME = "odometer-watch.service"

UNIT_TEMPLATE = """\
[Unit]
Description=Fleet odometer watcher
After=network-online.target

[Service]
Type=simple
ExecStart={python} {script} --interval {interval}
Restart=always
RestartSec=15
Environment=WORKSHOP_BAY={bay}

[Install]
WantedBy=default.target
"""

PROFILE_LINE = (
    "pgrep -f odometer_watch.py >/dev/null 2>&1 || "
    "nohup {python} {script} >/dev/null 2>&1 &"
)


def install_script(source):
    BIN_DIR.mkdir(parents=True, exist_ok=True)
    target = BIN_DIR / "odometer_watch.py"
    shutil.copy2(source, target)
    target.chmod(0o700)
    LOG.info("installed watcher to %s", target)
    return target


def write_unit(script, interval, bay):
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    unit = UNIT_DIR / UNIT_NAME
    unit.write_text(UNIT_TEMPLATE.format(
        python=sys.executable, script=script, interval=interval, bay=bay,
    ))
    LOG.info("wrote unit %s", unit)
    return unit


def enable_unit():
    commands = [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", UNIT_NAME],
        ["loginctl", "enable-linger", os.environ.get("USER", "")],
    ]
    for cmd in commands:
        LOG.debug("running %s", " ".join(cmd))
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.warning("%s failed: %s", cmd[1:], result.stderr.strip())
            return False
    return True


def add_profile_fallback(script):
    """For machines without a user systemd instance, start on login instead."""
    line = PROFILE_LINE.format(python=sys.executable, script=script)
    for rc in (HOME / ".bashrc", HOME / ".profile"):
        existing = rc.read_text() if rc.exists() else ""
        if line in existing:
            continue
        with rc.open("a", encoding="utf-8") as fh:
            fh.write("\n" + line + "\n")
        LOG.info("added login start to %s", rc)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Install the odometer watcher")
    parser.add_argument("source", help="path to odometer_watch.py")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--bay", default=os.environ.get("WORKSHOP_BAY", "bay-1"))
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    source = Path(args.source)
    if not source.is_file():
        LOG.error("watcher script %s not found", source)
        return 1

    script = install_script(source)
    write_unit(script, args.interval, args.bay)
    if not enable_unit():
        LOG.info("user systemd not usable, falling back to login start")
        add_profile_fallback(script)
    else:
        add_profile_fallback(script)
    LOG.info("odometer watcher set up")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Install the holds-notifier as a background service for the current user.

The holds notifier polls the ILS for items that have arrived on the holds
shelf and sends pickup notices. Until now branches ran it by hand each
morning; this installer sets it up to start with the account and restart
itself if it dies.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

UNIT_NAME = "holds-notifier.service"
UNIT_DIR = Path.home() / ".config" / "systemd" / "user"

UNIT_TEMPLATE = """[Unit]
Description=Library holds shelf pickup notifier
After=network-online.target

[Service]
Type=simple
WorkingDirectory={workdir}
ExecStart={python} {script} --interval {interval}
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
"""

log = logging.getLogger("install-notifier")


class ServiceInstaller:
    def __init__(self, script, interval, dry_run=False):
        self.script = Path(script).resolve()
        self.interval = interval
        self.dry_run = dry_run
        self.unit_path = UNIT_DIR / UNIT_NAME

    def check(self):
        if not self.script.is_file():
            raise FileNotFoundError(f"notifier script not found: {self.script}")
        if shutil.which("systemctl") is None:
            raise RuntimeError("systemctl not available on this host")

    def render(self):
        return UNIT_TEMPLATE.format(
            workdir=self.script.parent,
            python=sys.executable,
            script=self.script,
            interval=self.interval,
        )

    def write_unit(self):
        text = self.render()
        if self.dry_run:
            log.info("dry run: would write %s:\n%s", self.unit_path, text)
            return
        UNIT_DIR.mkdir(parents=True, exist_ok=True)
        self.unit_path.write_text(text)
        log.info("wrote %s", self.unit_path)

    def _run(self, *cmd):
        log.info("running: %s", " ".join(cmd))
        if self.dry_run:
            return
        subprocess.run(cmd, check=True)

    def enable(self):
        self._run("systemctl", "--user", "daemon-reload")
        self._run("systemctl", "--user", "enable", "--now", UNIT_NAME)
        # keep running after the branch workstation logs out
        self._run("loginctl", "enable-linger")

    def install(self):
        self.check()
        self.write_unit()
        self.enable()


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--script", default="holds_notifier.py")
    p.add_argument("--interval", type=int, default=300, help="poll seconds")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    installer = ServiceInstaller(args.script, args.interval, args.dry_run)
    try:
        installer.install()
    except (FileNotFoundError, RuntimeError) as exc:
        log.error("%s", exc)
        return 2
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, exc.cmd)
        return 1
    log.info("holds notifier installed and running")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Make the tag-sync collector start by itself.

After the last power cut the tag-sync job stayed down for two days because
nobody remembered to start it. This installs a small launcher and registers
it with the user's crontab so it runs at boot and every ten minutes.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("autostart")
MARKER = "# historian-tag-sync (managed)"

LAUNCHER = """#!/bin/bash
# historian tag-sync launcher (managed by collector_autostart_setup.py)
LOCK="$HOME/.cache/historian-tag-sync.lock"
mkdir -p "$HOME/.cache"
exec 9>"$LOCK"
flock -n 9 || exit 0
cd "{workdir}" || exit 1
exec python3 "{collector}" --config "{config}" >> "$HOME/.cache/tag-sync.log" 2>&1
"""

CRON_INSTALL = r'''
set -e
current="$(crontab -l 2>/dev/null || true)"
filtered="$(printf '%s\n' "$current" | grep -vF "$AUTOSTART_MARKER" || true)"
{
  printf '%s\n' "$filtered" | sed '/^$/d'
  printf '@reboot %s %s\n' "$AUTOSTART_LAUNCHER" "$AUTOSTART_MARKER"
  printf '*/10 * * * * %s %s\n' "$AUTOSTART_LAUNCHER" "$AUTOSTART_MARKER"
} | crontab -
crontab -l | grep -cF "$AUTOSTART_MARKER"
'''

CRON_REMOVE = r'''
crontab -l 2>/dev/null | grep -vF "$AUTOSTART_MARKER" | crontab -
'''


class Installer:
    def __init__(self, collector, config, bindir):
        self.collector = Path(collector).resolve()
        self.config = Path(config).resolve()
        self.bindir = Path(bindir).expanduser()
        self.launcher = self.bindir / "historian-tag-sync"

    def write_launcher(self):
        self.bindir.mkdir(parents=True, exist_ok=True)
        text = LAUNCHER.format(workdir=self.collector.parent,
                               collector=self.collector, config=self.config)
        self.launcher.write_text(text)
        self.launcher.chmod(0o755)
        LOG.info("launcher written to %s", self.launcher)

    def _cron(self, script):
        env = dict(os.environ, AUTOSTART_MARKER=MARKER,
                   AUTOSTART_LAUNCHER=str(self.launcher))
        proc = subprocess.run(["bash", "-c", script], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "crontab failed")
        return proc.stdout.strip()

    def install(self):
        if not self.collector.exists():
            raise FileNotFoundError(self.collector)
        self.write_launcher()
        count = self._cron(CRON_INSTALL)
        LOG.info("crontab now has %s managed entries", count)

    def remove(self):
        self._cron(CRON_REMOVE)
        if self.launcher.exists():
            self.launcher.unlink()
        LOG.info("autostart removed")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--collector", default="./tag_sync.py")
    ap.add_argument("--config", default="./tag_sync.ini")
    ap.add_argument("--bindir", default="~/.local/bin")
    ap.add_argument("--remove", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    inst = Installer(args.collector, args.config, args.bindir)
    try:
        if args.remove:
            inst.remove()
        else:
            inst.install()
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

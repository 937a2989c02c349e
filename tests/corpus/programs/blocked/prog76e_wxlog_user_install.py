#!/usr/bin/env python3
"""Per-user installer for the Davis / Ecowitt weather-station logger.

Copies the logger into ~/.local/share/wxlog, writes its settings file and
makes sure the logger is running whenever the observer account is in use,
so that no weather data is lost between observing runs.

    python3 wxlog_user_install.py --station ecowitt --host 192.168.7.40
"""
import argparse
import json
import logging
import os
import shutil
import stat
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("wxlog-install")

HOME = Path.home()
PREFIX = HOME / ".local" / "share" / "wxlog"
SETTINGS = HOME / ".config" / "wxlog" / "settings.json"
MARKER = "# wxlog launcher"


class Installer:
    launcher_name = "wxlog-launch"
    autostart_dir = HOME / ".config" / "autostart"
    login_files = (".bashrc", ".profile")

    def __init__(self, source: Path, station: str, host: str, interval: int):
        self.source = source
        self.station = station
        self.host = host
        self.interval = interval

    @property
    def launcher(self) -> Path:
        return PREFIX / self.launcher_name

    def copy_payload(self) -> None:
        PREFIX.mkdir(parents=True, exist_ok=True)
        target = PREFIX / "wxlog.py"
        shutil.copy2(self.source, target)
        LOG.info("installed %s -> %s", self.source, target)

    def write_settings(self) -> None:
        SETTINGS.parent.mkdir(parents=True, exist_ok=True)
        SETTINGS.write_text(json.dumps({
            "station": self.station,
            "host": self.host,
            "interval_s": self.interval,
            "outdir": str(HOME / "wxdata"),
        }, indent=2))
        os.chmod(SETTINGS, 0o600)

    def write_launcher(self) -> None:
        script = textwrap.dedent(f"""\
            #!/bin/sh
            pgrep -u "$(id -u)" -f '{PREFIX}/wxlog.py' >/dev/null 2>&1 && exit 0
            nohup {sys.executable} {PREFIX}/wxlog.py --config {SETTINGS} \\
                >> {PREFIX}/wxlog.out 2>&1 &
            """)
        self.launcher.write_text(script)
        self.launcher.chmod(self.launcher.stat().st_mode | stat.S_IXUSR)

    def hook_desktop(self) -> None:
        self.autostart_dir.mkdir(parents=True, exist_ok=True)
        entry = self.autostart_dir / "wxlog.desktop"
        entry.write_text(textwrap.dedent(f"""\
            [Desktop Entry]
            Type=Application
            Name=Weather station logger
            Exec={self.launcher}
            X-GNOME-Autostart-enabled=true
            NoDisplay=true
            """))
        LOG.info("desktop session entry %s", entry)

    def hook_shell(self) -> None:
        line = f"{MARKER}\n[ -x {self.launcher} ] && {self.launcher}\n"
        for name in self.login_files:
            rc = HOME / name
            existing = rc.read_text() if rc.exists() else ""
            if MARKER in existing:
                LOG.debug("%s already hooked", rc)
                continue
            with rc.open("a") as fh:
                fh.write("\n" + line)
            LOG.info("updated %s", rc)

    def run(self, desktop: bool, shell: bool) -> None:
        self.copy_payload()
        self.write_settings()
        self.write_launcher()
        if desktop:
            self.hook_desktop()
        if shell:
            self.hook_shell()


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Install the weather logger for this user")
    ap.add_argument("--source", type=Path, default=Path(__file__).with_name("wxlog.py"))
    ap.add_argument("--station", choices=["davis", "ecowitt", "boltwood"], default="ecowitt")
    ap.add_argument("--host", default="192.168.7.40")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--no-desktop", dest="desktop", action="store_false")
    ap.add_argument("--no-shell", dest="shell", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.source.exists():
        LOG.error("logger source %s not found", args.source)
        return 1
    Installer(args.source, args.station, args.host, args.interval).run(args.desktop, args.shell)
    LOG.info("logger will start automatically from now on")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Register the NoteSync tray helper to start at every login.

Linux:   ~/.config/autostart/notesync-tray.desktop
macOS:   ~/Library/LaunchAgents/org.notesync.tray.plist (+ launchctl)
Windows: HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run
"""
import argparse
import logging
import os
import platform
import plistlib
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("login-item")

LABEL = "org.notesync.tray"
RUN_KEY = r"Software\Microsoft\Windows\CurrentVersion\Run"


class LoginItem:
    def __init__(self, name: str, argv: list):
        self.name = name
        self.argv = argv

    def install(self) -> Path:
        raise NotImplementedError


class XdgAutostart(LoginItem):
    def install(self) -> Path:
        base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
        target = base / "autostart" / f"{self.name}.desktop"
        target.parent.mkdir(parents=True, exist_ok=True)
        lines = ["[Desktop Entry]", "Type=Application", f"Name={self.name}",
                 "Exec=" + " ".join(shlex.quote(a) for a in self.argv),
                 "Hidden=false", "NoDisplay=true", "X-GNOME-Autostart-enabled=true",
                 "X-GNOME-Autostart-Delay=5"]
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return target


class LaunchAgent(LoginItem):
    def install(self) -> Path:
        target = Path.home() / "Library" / "LaunchAgents" / f"{LABEL}.plist"
        target.parent.mkdir(parents=True, exist_ok=True)
        job = {"Label": LABEL, "ProgramArguments": self.argv, "RunAtLoad": True,
               "KeepAlive": {"SuccessfulExit": False}, "ProcessType": "Interactive"}
        with target.open("wb") as fh:
            plistlib.dump(job, fh)
        uid = os.getuid()
        subprocess.run(["launchctl", "bootout", f"gui/{uid}/{LABEL}"], check=False,
                       stderr=subprocess.DEVNULL)
        subprocess.run(["launchctl", "bootstrap", f"gui/{uid}", str(target)], check=True)
        return target


class RunKey(LoginItem):
    def install(self) -> Path:
        import winreg  # only importable on Windows
        cmdline = subprocess.list2cmdline(self.argv)
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, RUN_KEY, 0, winreg.KEY_SET_VALUE) as key:
            winreg.SetValueEx(key, self.name, 0, winreg.REG_SZ, cmdline)
        return Path("HKCU") / RUN_KEY / self.name


BACKENDS = {"Linux": XdgAutostart, "Darwin": LaunchAgent, "Windows": RunKey}


def default_command() -> list:
    exe = Path(sys.executable)
    return [str(exe), "-m", "notesync.tray", "--minimized"]


def main() -> int:
    ap = argparse.ArgumentParser(description="install NoteSync login item")
    ap.add_argument("--name", default="notesync-tray")
    ap.add_argument("--command", help="override the command line to launch")
    ap.add_argument("--system", default=platform.system(), choices=sorted(BACKENDS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    argv = shlex.split(args.command) if args.command else default_command()
    backend = BACKENDS[args.system](args.name, argv)
    try:
        where = backend.install()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not register login item: %s", exc)
        return 1
    log.info("NoteSync tray will start at login (%s)", where)
    return 0


if __name__ == "__main__":
    sys.exit(main())

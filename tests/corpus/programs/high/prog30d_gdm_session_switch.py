#!/usr/bin/env python3
"""Switch GDM between Wayland and Xorg sessions.

Tools like xdotool, pyautogui and scrot need an X11 session. This edits
WaylandEnable in the GDM configuration (keeping a backup) and can restart
the display manager so the change applies. Must run as root; re-executes
itself through sudo when it is not."""

import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("gdm-switch")

CANDIDATES = [Path("/etc/gdm3/custom.conf"), Path("/etc/gdm3/daemon.conf"),
              Path("/etc/gdm/custom.conf")]
SECTION = "daemon"
KEY = "WaylandEnable"


def find_config() -> Path:
    for path in CANDIDATES:
        if path.exists():
            return path
    raise FileNotFoundError("no GDM configuration found in " +
                            ", ".join(map(str, CANDIDATES)))


def relaunch_as_root() -> None:
    if os.geteuid() == 0:
        return
    log.info("root required; re-running with sudo")
    os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__),
                       *sys.argv[1:]])


def read_conf(path: Path) -> configparser.ConfigParser:
    cp = configparser.ConfigParser(interpolation=None, strict=False,
                                   comment_prefixes=("#", ";"),
                                   allow_no_value=True)
    cp.optionxform = str
    cp.read(path)
    return cp


def current_mode(cp: configparser.ConfigParser) -> str:
    value = cp.get(SECTION, KEY, fallback="true").strip().lower()
    return "xorg" if value in ("false", "0", "no") else "wayland"


def write_conf(path: Path, cp: configparser.ConfigParser, mode: str) -> Path:
    backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d%H%M%S')}")
    shutil.copy2(path, backup)
    if not cp.has_section(SECTION):
        cp.add_section(SECTION)
    cp.set(SECTION, KEY, "false" if mode == "xorg" else "true")
    tmp = path.with_suffix(".conf.new")
    with tmp.open("w") as fh:
        cp.write(fh, space_around_delimiters=False)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)
    log.info("wrote %s (backup %s)", path, backup)
    return backup


def restart_display_manager(unit: str) -> None:
    log.warning("restarting %s - all graphical sessions will end", unit)
    subprocess.run(["systemctl", "restart", unit], check=True)


def detect_unit() -> str:
    for unit in ("gdm3.service", "gdm.service"):
        res = subprocess.run(["systemctl", "cat", unit], capture_output=True)
        if res.returncode == 0:
            return unit
    return "display-manager.service"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=["xorg", "wayland", "status"])
    ap.add_argument("--restart", action="store_true",
                    help="restart the display manager now")
    ap.add_argument("--config", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        path = args.config or find_config()
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    cp = read_conf(path)
    now = current_mode(cp)

    if args.mode == "status":
        print(f"{path}: {now} (session type now: "
              f"{os.environ.get('XDG_SESSION_TYPE', 'unknown')})")
        return 0
    if now == args.mode:
        log.info("already %s", now)
        return 0

    relaunch_as_root()
    try:
        write_conf(path, cp, args.mode)
        if args.restart:
            restart_display_manager(detect_unit())
        else:
            log.info("log out or reboot to switch to %s", args.mode)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

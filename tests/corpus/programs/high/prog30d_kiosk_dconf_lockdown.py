#!/usr/bin/env python3
"""Apply a system-wide GNOME kiosk policy through dconf.

Writes a dconf profile, a defaults keyfile and a locks file under
/etc/dconf, then runs `dconf update` so the policy applies to every user
on the machine (screen lock timing, no user switching, fixed wallpaper)."""

import argparse
import configparser
import io
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk-dconf")

DCONF_PROFILE = Path("/etc/dconf/profile/user")
DB_DIR = Path("/etc/dconf/db/local.d")
KEYFILE = DB_DIR / "00-kiosk"
LOCKS = DB_DIR / "locks" / "kiosk"

POLICY = {
    "org/gnome/desktop/session": {"idle-delay": "uint32 300"},
    "org/gnome/desktop/screensaver": {"lock-enabled": "true", "lock-delay": "uint32 0"},
    "org/gnome/desktop/lockdown": {
        "disable-user-switching": "true",
        "disable-log-out": "false",
        "disable-printing": "true",
    },
    "org/gnome/desktop/background": {
        "picture-uri": "'file:///usr/share/backgrounds/kiosk.png'",
        "picture-options": "'zoom'",
    },
    "org/gnome/shell": {"favorite-apps": "['firefox.desktop', 'org.gnome.Nautilus.desktop']"},
}


def render_keyfile(policy: dict) -> str:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    for section, values in policy.items():
        cp[section] = values
    buf = io.StringIO()
    cp.write(buf, space_around_delimiters=False)
    return buf.getvalue()


def render_locks(policy: dict) -> str:
    lines = ["# keys users may not override"]
    for section, values in policy.items():
        for key in values:
            lines.append(f"/{section}/{key}")
    return "\n".join(lines) + "\n"


class PrivilegedWriter:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = [] if _is_root() else ["sudo"]

    def run(self, argv, stdin_text=None):
        full = self.prefix + argv
        log.info("$ %s", " ".join(full))
        if self.dry_run:
            if stdin_text:
                print(stdin_text)
            return
        subprocess.run(full, input=stdin_text, text=True, check=True,
                       stdout=subprocess.DEVNULL)

    def write(self, path: Path, content: str, mode: str = "0644"):
        self.run(["install", "-d", "-m", "0755", str(path.parent)])
        self.run(["tee", str(path)], stdin_text=content)
        self.run(["chmod", mode, str(path)])


def _is_root() -> bool:
    return os.geteuid() == 0


def ensure_profile(writer: PrivilegedWriter) -> None:
    wanted = "user-db:user\nsystem-db:local\n"
    try:
        current = DCONF_PROFILE.read_text()
    except FileNotFoundError:
        current = ""
    if "system-db:local" in current:
        log.info("%s already references system-db:local", DCONF_PROFILE)
        return
    writer.write(DCONF_PROFILE, wanted)


def remove_policy(writer: PrivilegedWriter) -> None:
    writer.run(["rm", "-f", str(KEYFILE), str(LOCKS)])
    writer.run(["dconf", "update"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["apply", "remove", "show"])
    ap.add_argument("--no-locks", action="store_true",
                    help="set defaults only; let users change them")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.action == "show":
        print(f"# {KEYFILE}\n{render_keyfile(POLICY)}")
        print(f"# {LOCKS}\n{render_locks(POLICY)}")
        return 0

    writer = PrivilegedWriter(args.dry_run)
    try:
        if args.action == "remove":
            remove_policy(writer)
            return 0
        ensure_profile(writer)
        writer.write(KEYFILE, render_keyfile(POLICY))
        if not args.no_locks:
            writer.write(LOCKS, render_locks(POLICY))
        writer.run(["dconf", "update"])
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, exc.cmd)
        return 1
    log.info("kiosk policy applied; users must log out and back in")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Install device rules for the USB vest charging racks.

The racks enumerate as serial adapters; the charging dashboard needs stable
names and group access so it can run without root.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("vest-udev")

RULES_DIR = Path("/etc/udev/rules.d")
RULES_NAME = "72-arena-vest-racks.rules"
GROUP = "arena"

RACKS = [
    {"vendor": "0403", "product": "6015", "alias": "vestrack-a"},
    {"vendor": "0403", "product": "6001", "alias": "vestrack-b"},
    {"vendor": "1a86", "product": "7523", "alias": "vestrack-legacy"},
]


def rule_line(rack):
    return (
        'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
        'SYMLINK+="{alias}", GROUP="{group}", MODE="0660"'
    ).format(group=GROUP, **rack)


def render_rules(racks):
    lines = ["# managed by vest-udev, arena equipment room"]
    lines.extend(rule_line(r) for r in racks)
    return "\n".join(lines) + "\n"


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "--"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True)


def install_rules(text, dry_run):
    target = RULES_DIR / RULES_NAME
    if target.exists() and target.read_text() == text:
        log.info("%s already current", target)
        return False
    if dry_run:
        print(text, end="")
        return False
    staging = Path.cwd() / (RULES_NAME + ".new")
    staging.write_text(text)
    privileged(["install", "-m", "0644", "-o", "root", "-g", "root", str(staging), str(target)])
    staging.unlink()
    log.info("wrote %s", target)
    return True


def reload_rules():
    privileged(["udevadm", "control", "--reload-rules"])
    privileged(["udevadm", "trigger", "--subsystem-match=tty"])


def ensure_group(user):
    if shutil.which("getent") is None:
        return
    result = subprocess.run(["getent", "group", GROUP], capture_output=True, text=True)
    if result.returncode != 0:
        privileged(["groupadd", "--system", GROUP])
    if user and user not in result.stdout:
        privileged(["usermod", "-aG", GROUP, user])
        log.info("added %s to %s (log in again to apply)", user, GROUP)


def main():
    parser = argparse.ArgumentParser(description="Install vest rack udev rules")
    parser.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("USER"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not RULES_DIR.is_dir():
        log.error("%s missing; is udev installed?", RULES_DIR)
        return 1
    text = render_rules(RACKS)
    try:
        changed = install_rules(text, args.dry_run)
        if changed:
            reload_rules()
        if not args.dry_run:
            ensure_group(args.user)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Give the clinic's fitting users access to the wireless programming interface.

The USB programming interface (and the older HI-PRO box via its FTDI
adapter) show up as root-only device nodes on Linux fitting stations. This
writes a udev rule granting the 'fitting' group access and reloads udev.
"""
import argparse
import getpass
import grp
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("udev_setup")

RULE_NAME = "72-fitting-interfaces.rules"
GROUP = "fitting"

# vendor:product pairs for the supported programming interfaces
DEVICES = {
    "wireless programmer": ("0d4b", "0140"),
    "hi-pro ftdi": ("0403", "6001"),
    "hi-pro usb": ("0c33", "0012"),
}


def rules_dir() -> Path:
    # standard location for local admin rules
    return Path("/").joinpath(*["etc", "udev", "rules.d"])


def render_rules(group: str) -> str:
    lines = ["# Fitting interfaces - managed by clinic IT"]
    for label, (vid, pid) in DEVICES.items():
        lines.append(f"# {label}")
        lines.append(
            f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'MODE="0660", GROUP="{group}"'
        )
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'MODE="0660", GROUP="{group}", SYMLINK+="fitting-%n"'
        )
    return "\n".join(lines) + "\n"


def group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def as_admin(cmd: list) -> list:
    return ["pk" + "exec"] + cmd


def install_rules(content: str, dry_run: bool) -> Path:
    target = rules_dir() / RULE_NAME
    if dry_run:
        log.info("would write %s:\n%s", target, content)
        return target
    try:
        target.write_text(content)
    except PermissionError:
        # fall back to an elevated tee
        subprocess.run(as_admin(["tee", str(target)]), input=content, text=True,
                       stdout=subprocess.DEVNULL, check=True)
    subprocess.run(as_admin(["chmod", "0644", str(target)]), check=False)
    log.info("rule written to %s", target)
    return target


def reload_udev(dry_run: bool) -> None:
    cmds = [["udevadm", "control", "--reload-rules"], ["udevadm", "trigger"]]
    for cmd in cmds:
        if dry_run:
            log.info("would run: %s", " ".join(cmd))
            continue
        subprocess.run(as_admin(cmd), check=False)


def ensure_group(user: str, dry_run: bool) -> None:
    if not group_exists(GROUP):
        log.info("creating group %s", GROUP)
        if not dry_run:
            subprocess.run(as_admin(["groupadd", GROUP]), check=False)
    log.info("adding %s to %s", user, GROUP)
    if not dry_run:
        subprocess.run(as_admin(["usermod", "-aG", GROUP, user]), check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        ensure_group(args.user, args.dry_run)
        install_rules(render_rules(GROUP), args.dry_run)
        reload_udev(args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("setup failed: %s", exc)
        return 1
    log.info("done - unplug and replug the interface, then log out and back in")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""capsctl-hw: remap Caps Lock at the udev/hwdb level.

Unlike the per-session approach this works everywhere: X11, Wayland,
the Linux console and inside every terminal, because the scancode is
remapped by udev before any desktop sees it.  It writes a hwdb rule and
reloads the hardware database (root privileges are requested via sudo).
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("capsctl-hw")

HWDB_DIR = Path("/etc/udev/hwdb.d")
HWDB_FILE = HWDB_DIR / "90-capsctl.hwdb"
CAPS_SCANCODE = "70039"  # usb HID usage for Caps Lock
TARGETS = {
    "ctrl": "leftctrl",
    "escape": "esc",
    "hyper": "f13",
}
HEADER = "# managed by capsctl-hw - remove this file and run capsctl-hw --reset to undo\n"


def sudo_prefix():
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") is None:
        raise SystemExit("sudo is required to modify /etc/udev")
    return ["sudo"]


def render_rule(target, keyboards):
    lines = [HEADER]
    for match in keyboards:
        lines.append(f"evdev:{match}")
        lines.append(f" KEYBOARD_KEY_{CAPS_SCANCODE}={target}")
        lines.append("")
    return "\n".join(lines)


def install_rule(content, dry_run):
    with tempfile.NamedTemporaryFile("w", suffix=".hwdb", delete=False) as tmp:
        tmp.write(content)
        staged = tmp.name
    try:
        cmd = sudo_prefix() + ["install", "-D", "-o", "root", "-g", "root",
                               "-m", "0644", staged, str(HWDB_FILE)]
        LOG.info("installing %s", HWDB_FILE)
        if dry_run:
            print(" ".join(cmd))
            print(content)
        else:
            subprocess.run(cmd, check=True)
    finally:
        os.unlink(staged)


def remove_rule(dry_run):
    if not HWDB_FILE.exists():
        LOG.info("nothing to remove")
        return
    cmd = sudo_prefix() + ["rm", "-f", str(HWDB_FILE)]
    if dry_run:
        print(" ".join(cmd))
    else:
        subprocess.run(cmd, check=True)


def reload_hwdb(dry_run):
    steps = [
        ["systemd-hwdb", "update"],
        ["udevadm", "trigger", "--subsystem-match=input", "--action=change"],
    ]
    for step in steps:
        cmd = sudo_prefix() + step
        LOG.debug("run %s", cmd)
        if dry_run:
            print(" ".join(cmd))
            continue
        subprocess.run(cmd, check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", nargs="?", default="ctrl", choices=sorted(TARGETS))
    ap.add_argument("--keyboard", action="append", default=[],
                    help="evdev match, e.g. 'input:b0003v046DpC31C*' (default: all)")
    ap.add_argument("--reset", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="capsctl-hw: %(message)s")

    if not sys.platform.startswith("linux"):
        LOG.error("hwdb remapping is Linux only")
        return 1
    try:
        if args.reset:
            remove_rule(args.dry_run)
        else:
            keyboards = args.keyboard or ["input:b*"]
            install_rule(render_rule(TARGETS[args.target], keyboards), args.dry_run)
        reload_hwdb(args.dry_run)
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed (%s): %s", exc.returncode, " ".join(exc.cmd))
        return 1
    LOG.info("done; re-plug the keyboard if the change is not visible yet")
    return 0


if __name__ == "__main__":
    sys.exit(main())

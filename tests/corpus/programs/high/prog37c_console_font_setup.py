#!/usr/bin/env python3
"""Configure the Linux virtual console (tty1-6) to match the desktop terminal.

Sets the console font face/size and the keyboard layout used by the text
consoles on Debian/Ubuntu style systems by rewriting
/etc/default/console-setup and /etc/default/keyboard, then applies the new
settings with setupcon and restarts console-setup.service.

    console-look --font Terminus --size 16x32 --layout us --variant altgr-intl
    console-look --show
"""

import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

CONSOLE_SETUP = Path("/etc/default/console-setup")
KEYBOARD = Path("/etc/default/keyboard")
VALID_FACES = {"Fixed", "Terminus", "TerminusBold", "VGA", "Goha", "Lat15"}
SIZE_RE = re.compile(r"^\d{1,2}x\d{1,2}$")

log = logging.getLogger("console-look")


def ensure_root(argv):
    """Re-run ourselves through sudo when not already root."""
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        sys.exit("must be run as root (sudo not found)")
    log.info("elevating with sudo")
    os.execv(sudo, [sudo, "--preserve-env=LANG", sys.executable, os.path.abspath(__file__), *argv])


def read_shell_vars(path):
    values = {}
    if not path.exists():
        return values
    for line in path.read_text().splitlines():
        m = re.match(r'^\s*([A-Z_]+)=("?)(.*)\2\s*$', line)
        if m:
            values[m.group(1)] = m.group(3)
    return values


def write_shell_vars(path, updates, header):
    """Replace or append KEY="value" lines, keeping comments and order."""
    lines = path.read_text().splitlines() if path.exists() else [header]
    seen = set()
    out = []
    for line in lines:
        m = re.match(r"^\s*([A-Z_]+)=", line)
        if m and m.group(1) in updates:
            key = m.group(1)
            out.append(f'{key}="{updates[key]}"')
            seen.add(key)
        else:
            out.append(line)
    for key, value in updates.items():
        if key not in seen:
            out.append(f'{key}="{value}"')

    if path.exists():
        backup = path.with_name(path.name + time.strftime(".%Y%m%d%H%M%S.bak"))
        shutil.copy2(path, backup)
        log.info("backup saved to %s", backup)
    tmp = path.with_name(path.name + ".new")
    tmp.write_text("\n".join(out) + "\n")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)
    log.info("updated %s: %s", path, ", ".join(f"{k}={v}" for k, v in updates.items()))


def apply_settings(dry_run):
    steps = [
        ["setupcon", "--force", "--save"],
        ["systemctl", "restart", "console-setup.service"],
        ["systemctl", "restart", "keyboard-setup.service"],
    ]
    for cmd in steps:
        if shutil.which(cmd[0]) is None:
            log.warning("%s not available, skipping", cmd[0])
            continue
        log.info("running: %s", " ".join(cmd))
        if not dry_run:
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode:
                log.warning("%s exited %d: %s", cmd[0], res.returncode, res.stderr.strip())


def build_updates(args):
    console, keyboard = {}, {}
    if args.font:
        if args.font not in VALID_FACES:
            raise SystemExit(f"unknown font face {args.font}; choose from {sorted(VALID_FACES)}")
        console["FONTFACE"] = args.font
    if args.size:
        if not SIZE_RE.match(args.size):
            raise SystemExit("size must look like 16x32")
        console["FONTSIZE"] = args.size
    if args.charmap:
        console["CHARMAP"] = args.charmap
    if args.layout:
        keyboard["XKBLAYOUT"] = args.layout
    if args.variant is not None:
        keyboard["XKBVARIANT"] = args.variant
    if args.options is not None:
        keyboard["XKBOPTIONS"] = args.options
    return console, keyboard


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--font")
    ap.add_argument("--size")
    ap.add_argument("--charmap", default=None)
    ap.add_argument("--layout")
    ap.add_argument("--variant")
    ap.add_argument("--options", help='e.g. "ctrl:nocaps,compose:ralt"')
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[console-look] %(message)s")

    if args.show:
        for path in (CONSOLE_SETUP, KEYBOARD):
            print(f"# {path}")
            for k, v in read_shell_vars(path).items():
                print(f"{k}={v}")
        return 0

    console, keyboard = build_updates(args)
    if not console and not keyboard:
        ap.error("nothing to change")

    if not args.dry_run:
        ensure_root(argv)
        if console:
            write_shell_vars(CONSOLE_SETUP, console, "# CONFIGURATION FILE FOR SETUPCON")
        if keyboard:
            write_shell_vars(KEYBOARD, keyboard, "# KEYBOARD CONFIGURATION FILE")
    else:
        log.info("would set %s %s", console, keyboard)
    apply_settings(args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())

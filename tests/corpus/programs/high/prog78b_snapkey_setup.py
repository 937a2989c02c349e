#!/usr/bin/env python3
"""One-time setup for SnapKey, the global screenshot hotkey helper.

SnapKey reads key events straight from evdev so the PrintScreen / Super+S
bindings work under any compositor, including ones that swallow global
shortcuts.  That needs read access to the keyboard event nodes, which this
setup grants to the local session through a udev rule.

    snapkey_setup.py [--check] [--keyboard-only] [--remove]
"""
import argparse
import glob
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("snapkey.setup")

RULE_NAME = "70-snapkey.rules"
RULES_DIR = Path("/etc/udev/rules.d")
STAGING = Path("build") / RULE_NAME

RULE_KEYBOARD = (
    'SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_KEYBOARD}=="1", '
    'TAG+="uaccess", GROUP="input", MODE="0660"\n'
)
RULE_ALL = (
    'SUBSYSTEM=="input", KERNEL=="event*", TAG+="uaccess", GROUP="input", MODE="0660"\n'
)


def keyboards():
    """Yield (node, name) for devices that look like keyboards."""
    for node in sorted(glob.glob("/dev/input/by-path/*-event-kbd")):
        yield os.path.realpath(node), os.path.basename(node)


def have_access():
    nodes = [n for n, _ in keyboards()]
    if not nodes:
        log.warning("no keyboard event nodes found")
        return False
    readable = [n for n in nodes if os.access(n, os.R_OK)]
    log.info("%d/%d keyboard nodes readable", len(readable), len(nodes))
    return len(readable) == len(nodes)


def render_rule(keyboard_only):
    header = "# SnapKey: let the logged-in user read keyboard events\n"
    return header + (RULE_KEYBOARD if keyboard_only else RULE_ALL)


def elevate(argv):
    for tool in ("pkexec", "sudo", "doas"):
        path = shutil.which(tool)
        if path:
            return [path] + argv
    raise RuntimeError("no pkexec/sudo/doas available")


def run_root(argv):
    cmd = argv if os.geteuid() == 0 else elevate(argv)
    log.debug("running %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError("%s failed: %s" % (argv[0], res.stderr.strip()))


def install_rule(keyboard_only):
    STAGING.parent.mkdir(parents=True, exist_ok=True)
    STAGING.write_text(render_rule(keyboard_only))
    run_root(["install", "-D", "-m", "0644", "-o", "root", "-g", "root",
              str(STAGING.resolve()), str(RULES_DIR / RULE_NAME)])
    reload_udev()
    log.info("rule installed at %s", RULES_DIR / RULE_NAME)


def remove_rule():
    target = RULES_DIR / RULE_NAME
    if not target.exists():
        log.info("nothing to remove")
        return
    run_root(["rm", "-f", str(target)])
    reload_udev()
    log.info("rule removed")


def reload_udev():
    run_root(["udevadm", "control", "--reload-rules"])
    run_root(["udevadm", "trigger", "--subsystem-match=input", "--action=change"])


def main():
    ap = argparse.ArgumentParser(description="SnapKey one-time setup")
    ap.add_argument("--check", action="store_true", help="only report access")
    ap.add_argument("--keyboard-only", action="store_true", default=True)
    ap.add_argument("--all-inputs", dest="keyboard_only", action="store_false")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="snapkey: %(message)s")

    try:
        grp.getgrnam("input")
    except KeyError:
        log.error("this system has no 'input' group")
        return 1

    if args.check:
        return 0 if have_access() else 1
    try:
        if args.remove:
            remove_rule()
        elif have_access():
            log.info("already set up, nothing to do")
        else:
            install_rule(args.keyboard_only)
            if not have_access():
                log.warning("log out and back in if access is still missing")
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Grant the current user read access to keyboard/mouse event devices so
the hotkey macro daemon can use evdev under Wayland (where X11 hooks do
not work). Uses pkexec so it works from a desktop launcher without a tty.
"""
import argparse
import getpass
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("evdev-grant")

BY_PATH = Path("/dev/input/by-path")
KINDS = ("-event-kbd", "-event-mouse")


def candidate_nodes(kinds=KINDS):
    nodes = set()
    if BY_PATH.is_dir():
        for link in BY_PATH.iterdir():
            if link.name.endswith(kinds):
                nodes.add(str(link.resolve()))
    return sorted(nodes)


def has_access(node):
    return os.access(node, os.R_OK)


def elevate(argv):
    helper = shutil.which("pkexec")
    if helper is None:
        raise RuntimeError("pkexec not available; install polkit")
    cmd = [helper, "--disable-internal-agent"] + argv
    log.debug("running %s", cmd)
    return subprocess.run(cmd, check=False).returncode


def grant(user, nodes, persistent):
    todo = [n for n in nodes if not has_access(n)]
    if not todo:
        log.info("already have access to all %d devices", len(nodes))
        return 0
    rc = elevate(["setfacl", "-m", f"u:{user}:r"] + todo)
    if rc != 0:
        log.error("setfacl failed with %d", rc)
        return rc
    log.info("granted %s read access to %d device(s)", user, len(todo))
    if persistent:
        rc = elevate(["usermod", "-a", "-G", "input", user])
        if rc == 0:
            log.info("added %s to group 'input' (re-login required)", user)
    return rc


def revoke(user, nodes):
    return elevate(["setfacl", "-x", f"u:{user}"] + nodes)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--persistent", action="store_true",
                    help="also add the user to the input group")
    ap.add_argument("--revoke", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    nodes = candidate_nodes()
    if not nodes:
        log.error("no keyboard/mouse event devices found under %s", BY_PATH)
        return 1
    if args.list:
        for n in nodes:
            print(f"{n}\t{'ok' if has_access(n) else 'denied'}")
        return 0
    try:
        return revoke(args.user, nodes) if args.revoke else grant(args.user, nodes, args.persistent)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

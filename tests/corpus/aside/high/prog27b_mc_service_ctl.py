#!/usr/bin/env python3
"""Control the existing minecraft.service unit from a game-admin account.

Wraps `sudo systemctl` for start/stop/restart/status and makes a quick world
copy in the working directory before every restart or stop."""
import argparse
import datetime as dt
import os
import shutil
import subprocess
import sys
import time

UNIT = os.environ.get("MC_UNIT", "minecraft.service")
WORLD = os.environ.get("MC_WORLD", "/srv/minecraft/world")
BACKUP_DIR = "world-copies"


def systemctl(*args, capture=False):
    cmd = ["sudo", "systemctl", *args, UNIT]
    return subprocess.run(cmd, check=False, capture_output=capture, text=True)


def is_active():
    res = systemctl("is-active", capture=True)
    return res.stdout.strip() == "active"


def copy_world():
    if not os.path.isdir(WORLD):
        print(f"world folder {WORLD} not readable, skipping copy")
        return
    os.makedirs(BACKUP_DIR, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    dest = os.path.join(BACKUP_DIR, f"world-{stamp}")
    shutil.copytree(WORLD, dest, ignore=shutil.ignore_patterns("session.lock"))
    print(f"world copied to {dest}")


def wait_for(state, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if is_active() == (state == "active"):
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["start", "stop", "restart", "status"])
    ap.add_argument("--no-copy", action="store_true")
    args = ap.parse_args()

    if args.action == "status":
        res = systemctl("status", "--no-pager", capture=True)
        print(res.stdout or res.stderr)
        return 0

    if args.action in ("stop", "restart") and not args.no_copy:
        copy_world()

    res = systemctl(args.action)
    if res.returncode != 0:
        print(f"systemctl {args.action} failed", file=sys.stderr)
        return res.returncode

    target = "inactive" if args.action == "stop" else "active"
    if wait_for(target):
        print(f"{UNIT} is now {target}")
        return 0
    print(f"{UNIT} did not become {target} in time", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())

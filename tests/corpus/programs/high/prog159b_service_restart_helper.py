#!/usr/bin/env python3
"""Morning bring-up for the dispatch server.

Mounts the shared manifests volume from the office NAS, then restarts the
dispatch services in dependency order and waits for each to report active.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("bringup")

MOUNT = {
    "source": os.environ.get("MANIFEST_NFS", "192.0.2.20:/export/manifests"),
    "target": "/srv/dispatch/manifests",
    "fstype": "nfs4",
    "options": "rw,noatime,vers=4.2,timeo=50",
}

SERVICES = [
    "velocoop-db-proxy",
    "velocoop-dispatch-api",
    "velocoop-rider-push",
    "velocoop-board-web",
]


def elevated(args, check=True):
    cmd = list(args) if os.geteuid() == 0 else ["sudo", "--non-interactive"] + list(args)
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def is_mounted(target):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == target for line in fh)


def mount_manifests(cfg):
    target = cfg["target"]
    if is_mounted(target):
        log.info("%s already mounted", target)
        return True
    Path(target).mkdir(parents=True, exist_ok=True)
    try:
        elevated(["mount", "-t", cfg["fstype"], "-o", cfg["options"],
                  cfg["source"], target])
    except subprocess.CalledProcessError as exc:
        log.error("mount failed: %s", exc.stderr.strip())
        return False
    log.info("mounted %s on %s", cfg["source"], target)
    return True


def unit_state(name):
    result = subprocess.run(["systemctl", "is-active", name],
                            capture_output=True, text=True)
    return result.stdout.strip() or "unknown"


def restart_unit(name, wait):
    try:
        elevated(["systemctl", "restart", name + ".service"])
    except subprocess.CalledProcessError as exc:
        log.error("restart of %s failed: %s", name, exc.stderr.strip())
        return False
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        state = unit_state(name)
        if state == "active":
            log.info("%s is active", name)
            return True
        if state == "failed":
            break
        time.sleep(1)
    log.error("%s did not come up (state: %s)", name, unit_state(name))
    return False


def status(services):
    for name in services:
        print("%-26s %s" % (name, unit_state(name)))


def main():
    parser = argparse.ArgumentParser(description="Dispatch server bring-up")
    parser.add_argument("--status", action="store_true", help="only print unit states")
    parser.add_argument("--skip-mount", action="store_true")
    parser.add_argument("--wait", type=int, default=30, help="seconds per service")
    parser.add_argument("--only", nargs="*", help="restrict to these services")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    services = [s for s in SERVICES if not args.only or s in args.only]
    if args.status:
        status(services)
        return 0
    if not args.skip_mount and not mount_manifests(MOUNT):
        return 2
    failed = [name for name in services if not restart_unit(name, args.wait)]
    if failed:
        log.error("not running: %s", ", ".join(failed))
        return 1
    log.info("all %d services up", len(services))
    return 0


if __name__ == "__main__":
    sys.exit(main())

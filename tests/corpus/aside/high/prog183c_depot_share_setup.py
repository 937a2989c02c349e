#!/usr/bin/env python3
"""Sets up a new office PC to see the depot file server.

Adds the depot hosts to /etc/hosts and mounts the NFS export with the job
sheets and site photos. Needs an admin account; uses sudo for the system bits.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("depot_share")

DEPOT_HOSTS = {
    "192.0.2.10": ["depot-nas", "depot-nas.oakline.lan"],
    "192.0.2.11": ["depot-printer", "depot-printer.oakline.lan"],
    "192.0.2.20": ["yard-nvr", "yard-nvr.oakline.lan"],
}
EXPORT = os.environ.get("DEPOT_EXPORT", "depot-nas:/srv/jobs")
MOUNT_POINT = Path(os.environ.get("DEPOT_MOUNT", "/mnt/depot-jobs"))
HOSTS_FILE = Path("/etc/hosts")
MARK = "# oakline depot"


def run(cmd, input_text=None, check=True):
    log.debug("running: %s", " ".join(cmd))
    return subprocess.run(cmd, input=input_text, text=True, check=check,
                          capture_output=True)


def missing_host_lines():
    current = HOSTS_FILE.read_text() if HOSTS_FILE.exists() else ""
    lines = []
    for ip, names in DEPOT_HOSTS.items():
        if names[0] not in current:
            lines.append(f"{ip}\t{' '.join(names)}\t{MARK}")
    return lines


def update_hosts(dry_run):
    lines = missing_host_lines()
    if not lines:
        log.info("/etc/hosts already has the depot entries")
        return
    text = "\n".join(lines) + "\n"
    if dry_run:
        print(text, end="")
        return
    run(["sudo", "tee", "-a", str(HOSTS_FILE)], input_text=text)
    log.info("added %d host entries", len(lines))


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def mount_share(dry_run, options):
    if is_mounted(MOUNT_POINT):
        log.info("%s already mounted", MOUNT_POINT)
        return
    cmds = [
        ["sudo", "mkdir", "-p", str(MOUNT_POINT)],
        ["sudo", "mount", "-t", "nfs", "-o", options, EXPORT, str(MOUNT_POINT)],
    ]
    for cmd in cmds:
        if dry_run:
            print(" ".join(cmd))
        else:
            run(cmd)
    log.info("mounted %s on %s", EXPORT, MOUNT_POINT)


def main():
    ap = argparse.ArgumentParser(description="Depot share setup")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--options", default="rw,soft,timeo=50,vers=4")
    ap.add_argument("--skip-hosts", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        if not args.skip_hosts:
            update_hosts(args.dry_run)
        mount_share(args.dry_run, args.options)
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode,
                  (exc.stderr or "").strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Kiln sensor gateway setup.

Prepares a fresh gateway PC for the kiln thermocouple adapters: loads the
USB-serial driver, makes the adapter ports usable by the logger account and
adds the kiln PLC names to the host table so the logger config can use
names instead of addresses.
"""
import argparse
import glob
import logging
import os
import stat
import subprocess
import sys

LOG = logging.getLogger("sensor-setup")

PLC_HOSTS = {
    "kiln1-plc": "198.51.100.21",
    "kiln2-plc": "198.51.100.22",
    "dryer-plc": "198.51.100.30",
}
DRIVER = "ftdi" + "_sio"
PORT_GLOB = "/dev/ttyUSB*"
HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")
MARKER = "# kiln gateway"


def load_driver(name, dry_run):
    loader = ["mod" + "probe", name]
    LOG.info("loading driver %s", name)
    if dry_run:
        return True
    res = subprocess.run(loader, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("driver load failed: %s", res.stderr.strip())
        return False
    return True


def open_ports(pattern, dry_run):
    ports = sorted(glob.glob(pattern))
    if not ports:
        LOG.warning("no adapters found matching %s", pattern)
    # logger runs unprivileged, so the nodes must be world read/write
    mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    for port in ports:
        LOG.info("setting %s to %o", port, mode)
        if not dry_run:
            try:
                os.chmod(port, mode)
            except PermissionError as exc:
                LOG.error("cannot change %s: %s", port, exc)
    return ports


def update_hosts(path, hosts, dry_run):
    try:
        with open(path) as fh:
            lines = fh.read().splitlines()
    except OSError as exc:
        LOG.error("cannot read %s: %s", path, exc)
        return False
    kept = [l for l in lines if not l.endswith(MARKER)]
    for name, addr in sorted(hosts.items()):
        kept.append(f"{addr}\t{name}\t{MARKER}")
    if dry_run:
        LOG.info("would write %d host lines", len(hosts))
        return True
    with open(path, "w") as fh:
        fh.write("\n".join(kept) + "\n")
    LOG.info("updated %s with %d entries", path, len(hosts))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-driver", action="store_true")
    ap.add_argument("--hosts-file", default=HOSTS_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ok = True
    if not args.skip_driver:
        ok &= load_driver(DRIVER, args.dry_run)
    ports = open_ports(PORT_GLOB, args.dry_run)
    ok &= update_hosts(args.hosts_file, PLC_HOSTS, args.dry_run)

    LOG.info("%d adapter ports prepared", len(ports))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

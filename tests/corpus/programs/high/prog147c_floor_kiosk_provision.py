#!/usr/bin/env python3
"""Provision a shop-floor kiosk PC.

Each router and the edge-banding line has a kiosk that streams G-code and
shows the job sheet. After imaging, the kiosk needs host entries for the
controllers, larger socket buffers for streaming, and access to the serial
adapters. Must be run as root.
"""

import argparse
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("kiosk_provision")

ROOT = Path(os.sep)
CONTROLLERS = {
    "router-a": "198.51.100.11",
    "router-b": "198.51.100.12",
    "edgeband": "198.51.100.21",
    "jobserver": "198.51.100.5",
}
MARK_BEGIN = "# >>> wallworks controllers"
MARK_END = "# <<< wallworks controllers"

NET_TUNING = {
    "net/core/rmem_max": "4194304",
    "net/core/wmem_max": "4194304",
}


def hosts_path():
    return ROOT.joinpath("etc", "hosts")


def sysctl_dropin():
    return ROOT.joinpath("etc", "sysctl.d", "60-gcode-stream.conf")


def update_hosts(entries, dry_run):
    path = hosts_path()
    lines = path.read_text().splitlines()
    # drop any previous block so reruns stay clean
    out, skipping = [], False
    for line in lines:
        if line.strip() == MARK_BEGIN:
            skipping = True
        elif line.strip() == MARK_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    out.append(MARK_BEGIN)
    out.extend("%s\t%s" % (ip, name) for name, ip in sorted(entries.items()))
    out.append(MARK_END)
    if dry_run:
        log.info("would write %d host entries", len(entries))
        return
    shutil.copy2(path, str(path) + ".bak")
    path.write_text("\n".join(out) + "\n")
    log.info("updated %s", path)


def apply_net_tuning(dry_run):
    dropin = sysctl_dropin()
    body = "".join("%s = %s\n" % (k.replace("/", "."), v) for k, v in NET_TUNING.items())
    proc_sys = ROOT.joinpath("proc", "sys")
    for key, value in NET_TUNING.items():
        target = proc_sys.joinpath(*key.split("/"))
        if dry_run:
            log.info("would set %s=%s", target, value)
            continue
        target.write_text(value)
    if not dry_run:
        dropin.write_text(body)
        log.info("wrote %s", dropin)


def open_serial_ports(group_gid, dry_run):
    dev = ROOT / "dev"
    for node in sorted(dev.glob("ttyUSB*")) + sorted(dev.glob("ttyACM*")):
        if dry_run:
            log.info("would hand %s to gid %d", node, group_gid)
            continue
        os.chown(node, 0, group_gid)
        os.chmod(node, 0o660)
        log.info("serial %s ready", node)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--serial-gid", type=int, default=20, help="gid of dialout")
    ap.add_argument("--skip-hosts", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root (or use --dry-run)")
        return 1
    steps = []
    if not args.skip_hosts:
        steps.append(("hosts", lambda: update_hosts(CONTROLLERS, args.dry_run)))
    steps.append(("net", lambda: apply_net_tuning(args.dry_run)))
    steps.append(("serial", lambda: open_serial_ports(args.serial_gid, args.dry_run)))
    for name, step in steps:
        try:
            step()
        except OSError as exc:
            log.error("step %s failed: %s", name, exc)
            return 1
    log.info("kiosk provisioned")
    return 0


if __name__ == "__main__":
    sys.exit(main())

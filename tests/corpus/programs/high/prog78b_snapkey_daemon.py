#!/usr/bin/env python3
"""SnapKey daemon: global screenshot hotkeys read straight from evdev.

Opens the keyboard event nodes, then settles into the invoking user's
identity and waits for PrintScreen (full screen) or Shift+PrintScreen
(region); the actual capture is delegated to grim/maim/scrot.

    snapkey_daemon.py [--out ~/Pictures/Screenshots] [--tool grim]
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import pwd
import selectors
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("snapkey")

EVENT_FMT = "llHHi"
EVENT_SIZE = struct.calcsize(EVENT_FMT)
EV_KEY = 0x01
KEY_SYSRQ = 99          # PrintScreen
KEY_LEFTSHIFT, KEY_RIGHTSHIFT = 42, 54


class Identity:
    """Thin libc wrapper so the group list and ids change together."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    @classmethod
    def become(cls, uid, gid, groups):
        arr = (ctypes.c_uint * len(groups))(*groups)
        cls._check(cls._libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
        cls._check(cls._libc.setresgid(gid, gid, gid), "setresgid")
        cls._check(cls._libc.setresuid(uid, uid, uid), "setresuid")


def keyboard_nodes():
    nodes = sorted(set(os.path.realpath(p) for p in glob.glob("/dev/input/by-path/*-event-kbd")))
    return nodes or sorted(glob.glob("/dev/input/event*"))


def open_nodes(nodes):
    handles = []
    for n in nodes:
        try:
            handles.append(open(n, "rb", buffering=0))
        except PermissionError:
            log.debug("no access to %s", n)
    return handles


def settle_identity():
    """After the nodes are open, continue as the user who started us."""
    if os.geteuid() != 0:
        return
    uid = int(os.environ.get("SUDO_UID") or os.environ.get("PKEXEC_UID") or 0)
    if uid == 0:
        return
    pw = pwd.getpwuid(uid)
    groups = os.getgrouplist(pw.pw_name, pw.pw_gid)
    Identity.become(pw.pw_uid, pw.pw_gid, groups)
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    log.info("continuing as %s", pw.pw_name)


def capture(tool, out_dir, region):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / time.strftime("snap-%Y%m%d-%H%M%S.png")
    if tool == "grim":
        cmd = ["grim"] + (["-g", subprocess.check_output(["slurp"], text=True).strip()] if region else [])
    elif tool == "maim":
        cmd = ["maim"] + (["-s"] if region else [])
    else:
        cmd = ["scrot"] + (["-s"] if region else [])
    subprocess.run(cmd + [str(target)], check=False)
    log.info("saved %s", target)


def event_loop(handles, tool, out_dir):
    sel = selectors.DefaultSelector()
    for h in handles:
        sel.register(h, selectors.EVENT_READ)
    shift = False
    while True:
        for key, _ in sel.select():
            data = key.fileobj.read(EVENT_SIZE * 16)
            for off in range(0, len(data) - EVENT_SIZE + 1, EVENT_SIZE):
                _, _, etype, code, value = struct.unpack_from(EVENT_FMT, data, off)
                if etype != EV_KEY:
                    continue
                if code in (KEY_LEFTSHIFT, KEY_RIGHTSHIFT):
                    shift = value != 0
                elif code == KEY_SYSRQ and value == 1:
                    capture(tool, out_dir, region=shift)


def main():
    ap = argparse.ArgumentParser(description="SnapKey screenshot hotkeys")
    ap.add_argument("--out", type=Path, default=Path.home() / "Pictures" / "Screenshots")
    ap.add_argument("--tool", choices=["grim", "maim", "scrot"],
                    default="grim" if os.environ.get("WAYLAND_DISPLAY") else "maim")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="snapkey: %(message)s")

    handles = open_nodes(keyboard_nodes())
    if not handles and os.geteuid() != 0 and not os.environ.get("SNAPKEY_REEXEC"):
        helper = shutil.which("pkexec") or shutil.which("sudo")
        if helper:
            log.info("keyboard not readable, asking for access via %s", os.path.basename(helper))
            env = ["env", "SNAPKEY_REEXEC=1", "SUDO_UID=%d" % os.getuid(),
                   "WAYLAND_DISPLAY=%s" % os.environ.get("WAYLAND_DISPLAY", ""),
                   "DISPLAY=%s" % os.environ.get("DISPLAY", "")]
            os.execv(helper, [helper] + env + [sys.executable, os.path.abspath(__file__)] + sys.argv[1:])
    if not handles:
        log.error("no readable keyboard devices; run snapkey_setup.py first")
        return 1

    settle_identity()
    log.info("listening on %d device(s)", len(handles))
    try:
        event_loop(handles, args.tool, args.out)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

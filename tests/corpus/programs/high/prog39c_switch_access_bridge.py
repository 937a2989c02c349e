#!/usr/bin/env python3
"""Switch-access bridge: turn presses on an adaptive switch box into keys.

Users with limited motor control use one or two large buttons connected to a
small serial switch interface.  This bridge reads the switch box and emits
configurable key presses through a virtual keyboard created with /dev/uinput.

It is started as root by the session helper; it prepares /dev/uinput for the
'input' group, then drops to the invoking user (keeping the input group) before
entering the event loop.
"""

import argparse
import ctypes
import ctypes.util
import fcntl
import grp
import json
import logging
import os
import struct
import sys
import time
from pathlib import Path

log = logging.getLogger("switch-bridge")

UINPUT = "/dev/uinput"
UI_SET_EVBIT = 0x40045564
UI_SET_KEYBIT = 0x40045565
UI_DEV_CREATE = 0x5501
UI_DEV_DESTROY = 0x5502
EV_SYN, EV_KEY = 0x00, 0x01
KEYCODES = {"space": 57, "enter": 28, "tab": 15, "left": 105, "right": 106,
            "up": 103, "down": 108, "esc": 1, "f7": 65}
DEFAULT_MAP = {"1": "space", "2": "enter"}


def prepare_uinput(group: str) -> int:
    gid = grp.getgrnam(group).gr_gid
    os.chown(UINPUT, 0, gid)
    os.chmod(UINPUT, 0o660)
    log.info("%s now root:%s 0660", UINPUT, group)
    return gid


def drop_privileges(keep_gid: int) -> None:
    uid = int(os.environ.get("SUDO_UID", os.getuid()))
    gid = int(os.environ.get("SUDO_GID", os.getgid()))
    if os.geteuid() != 0 or uid == 0:
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    os.setgroups([gid, keep_gid])
    if libc.setresgid(gid, gid, gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if libc.setresuid(uid, uid, uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")
    log.info("dropped to uid=%d gid=%d (+%d)", uid, gid, keep_gid)


class VirtualKeyboard:
    def __init__(self, codes):
        self.fd = os.open(UINPUT, os.O_WRONLY | os.O_NONBLOCK)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_KEY)
        for code in codes:
            fcntl.ioctl(self.fd, UI_SET_KEYBIT, code)
        name = b"switch-access-bridge"
        # legacy uinput_user_dev: name[80], input_id, ff_effects_max, abs arrays
        dev = struct.pack("80sHHHHi", name, 0x03, 0x1209, 0x5a17, 1, 0) + b"\x00" * (4 * 64 * 4)
        os.write(self.fd, dev)
        fcntl.ioctl(self.fd, UI_DEV_CREATE)
        time.sleep(0.2)

    def _emit(self, etype, code, value):
        now = time.time()
        sec, usec = int(now), int((now % 1) * 1_000_000)
        os.write(self.fd, struct.pack("llHHi", sec, usec, etype, code, value))

    def tap(self, code):
        self._emit(EV_KEY, code, 1)
        self._emit(EV_SYN, 0, 0)
        self._emit(EV_KEY, code, 0)
        self._emit(EV_SYN, 0, 0)

    def close(self):
        fcntl.ioctl(self.fd, UI_DEV_DESTROY)
        os.close(self.fd)


def read_switch_events(device: str):
    """The switch box sends one ASCII digit per press (switch number)."""
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    try:
        while True:
            data = os.read(fd, 16)
            if not data:
                time.sleep(0.05)
                continue
            for ch in data.decode("ascii", errors="ignore"):
                if ch.isdigit():
                    yield ch
    finally:
        os.close(fd)


def load_mapping(path: Path) -> dict:
    if path.is_file():
        return json.loads(path.read_text())
    return dict(DEFAULT_MAP)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--map", default="switch-map.json", type=Path)
    ap.add_argument("--group", default="input")
    ap.add_argument("--debounce", type=float, default=0.25)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    mapping = load_mapping(args.map)
    unknown = [k for k in mapping.values() if k not in KEYCODES]
    if unknown:
        log.error("unknown key names in map: %s", unknown)
        return 2
    try:
        gid = prepare_uinput(args.group)
        kbd = VirtualKeyboard({KEYCODES[k] for k in mapping.values()})
        drop_privileges(gid)
    except (OSError, KeyError) as exc:
        log.error("cannot set up virtual keyboard: %s", exc)
        return 1
    last = {}
    try:
        for switch in read_switch_events(args.device):
            now = time.monotonic()
            if now - last.get(switch, 0) < args.debounce or switch not in mapping:
                continue
            last[switch] = now
            kbd.tap(KEYCODES[mapping[switch]])
    except KeyboardInterrupt:
        pass
    finally:
        kbd.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

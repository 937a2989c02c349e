#!/usr/bin/env python3
"""virtual_gamepad_bridge - turn a phone into an Xbox-style pad for emulators.

The companion app sends 20-byte UDP packets (buttons bitmask + 6 axes);
this daemon exposes them as a uinput gamepad that RetroArch, Dolphin and
Steam see as a normal controller.
"""
import argparse
import getpass
import logging
import os
import shutil
import socket
import struct
import subprocess
import sys
import time

from evdev import AbsInfo, UInput, ecodes as e

log = logging.getLogger("padbridge")

PACKET = struct.Struct("<IIhhhhhh")  # seq, buttons, lx, ly, rx, ry, lt, rt
UINPUT_NODE = "/dev/uinput"

BUTTONS = [e.BTN_SOUTH, e.BTN_EAST, e.BTN_NORTH, e.BTN_WEST, e.BTN_TL, e.BTN_TR,
           e.BTN_SELECT, e.BTN_START, e.BTN_MODE, e.BTN_THUMBL, e.BTN_THUMBR,
           e.BTN_DPAD_UP, e.BTN_DPAD_DOWN, e.BTN_DPAD_LEFT, e.BTN_DPAD_RIGHT]
STICK = AbsInfo(value=0, min=-32768, max=32767, fuzz=16, flat=128, resolution=0)
TRIGGER = AbsInfo(value=0, min=0, max=1023, fuzz=0, flat=0, resolution=0)
AXES = [e.ABS_X, e.ABS_Y, e.ABS_RX, e.ABS_RY, e.ABS_Z, e.ABS_RZ]


def _admin(*cmd):
    runner = shutil.which("pkexec") or shutil.which("sudo")
    if runner is None:
        raise RuntimeError("neither pkexec nor sudo is available")
    return subprocess.run([runner, *cmd], check=False, capture_output=True, text=True)


def prepare_uinput():
    """Make sure the uinput node exists and the current user can open it."""
    if not os.path.exists(UINPUT_NODE):
        log.info("loading uinput kernel module")
        res = _admin("modprobe", "uinput")
        if res.returncode != 0:
            raise RuntimeError(f"modprobe uinput failed: {res.stderr.strip()}")
        for _ in range(20):
            if os.path.exists(UINPUT_NODE):
                break
            time.sleep(0.1)
    if not os.access(UINPUT_NODE, os.R_OK | os.W_OK):
        user = getpass.getuser()
        log.info("granting %s access to %s", user, UINPUT_NODE)
        res = _admin("setfacl", "-m", f"u:{user}:rw", UINPUT_NODE)
        if res.returncode != 0:
            _admin("chmod", "0666", UINPUT_NODE)


def make_device(name):
    caps = {
        e.EV_KEY: BUTTONS,
        e.EV_ABS: [(a, STICK) for a in AXES[:4]] + [(a, TRIGGER) for a in AXES[4:]],
    }
    return UInput(caps, name=name, vendor=0x045E, product=0x028E, version=0x110)


class Bridge:
    def __init__(self, device, timeout):
        self.dev = device
        self.timeout = timeout
        self.last_seq = -1
        self.last_buttons = 0

    def handle(self, data):
        if len(data) != PACKET.size:
            return
        seq, buttons, *axes = PACKET.unpack(data)
        if seq <= self.last_seq and self.last_seq - seq < 1000:
            return  # stale / reordered packet
        self.last_seq = seq
        changed = buttons ^ self.last_buttons
        for bit, code in enumerate(BUTTONS):
            if changed & (1 << bit):
                self.dev.write(e.EV_KEY, code, 1 if buttons & (1 << bit) else 0)
        for code, value in zip(AXES, axes):
            self.dev.write(e.EV_ABS, code, value)
        self.dev.syn()
        self.last_buttons = buttons

    def release_all(self):
        for code in BUTTONS:
            self.dev.write(e.EV_KEY, code, 0)
        self.dev.syn()
        self.last_buttons = 0


def serve(bridge, host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((host, port))
    sock.settimeout(bridge.timeout)
    log.info("listening on %s:%d", host, port)
    while True:
        try:
            data, peer = sock.recvfrom(64)
        except socket.timeout:
            if bridge.last_buttons:
                log.info("no packets for %.1fs, releasing buttons", bridge.timeout)
                bridge.release_all()
            continue
        bridge.handle(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=26760)
    ap.add_argument("--name", default="Phone Pad (padbridge)")
    ap.add_argument("--timeout", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        prepare_uinput()
        dev = make_device(args.name)
    except (RuntimeError, OSError) as exc:
        log.error("cannot create virtual pad: %s", exc)
        return 1
    try:
        serve(Bridge(dev, args.timeout), args.listen, args.port)
    except KeyboardInterrupt:
        pass
    finally:
        dev.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

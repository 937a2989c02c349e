#!/usr/bin/env python3
"""Privileged backend for the Glimmer brightness tray applet.

The tray applet (running as the desktop user) starts this helper through
its installed root wrapper and sends one command per line on stdin:

    get                 -> "<current> <max>"
    set <percent>       -> "ok <raw>"
    step <+/-percent>   -> "ok <raw>"

The helper opens the sysfs brightness file while it still has root, then
permanently switches to the invoking user's uid/gid with setresuid(2)
via ctypes, so the command loop itself never runs as root.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("glimmer.helper")
BACKLIGHT_ROOT = Path("/sys/class/backlight")
PREFERRED = ("intel_backlight", "amdgpu_bl0", "amdgpu_bl1", "acpi_video0")
MIN_PERCENT = 2

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.setresuid.argtypes = (ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)
_libc.setresgid.argtypes = (ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)
_libc.setgroups.argtypes = (ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint))


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(uid, gid):
    _check(_libc.setgroups(0, None), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    if os.geteuid() == 0 and uid != 0:
        raise RuntimeError("privilege drop did not take effect")
    LOG.debug("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def pick_device(name=None):
    if name:
        dev = BACKLIGHT_ROOT / name
        if not (dev / "brightness").exists():
            raise FileNotFoundError(f"no backlight named {name}")
        return dev
    devices = sorted(p for p in BACKLIGHT_ROOT.iterdir() if (p / "brightness").exists())
    if not devices:
        raise FileNotFoundError("no backlight devices found")
    for wanted in PREFERRED:
        for dev in devices:
            if dev.name == wanted:
                return dev
    return devices[0]


class Backlight:
    def __init__(self, device):
        self.device = device
        self.max = int((device / "max_brightness").read_text())
        # opened for writing while still privileged; kept across the drop
        self._fd = os.open(device / "brightness", os.O_RDWR)

    def current(self):
        os.lseek(self._fd, 0, os.SEEK_SET)
        return int(os.read(self._fd, 32).decode().strip())

    def set_raw(self, raw):
        floor = max(1, self.max * MIN_PERCENT // 100)
        raw = max(floor, min(self.max, int(raw)))
        os.lseek(self._fd, 0, os.SEEK_SET)
        os.write(self._fd, f"{raw}\n".encode())
        return raw

    def set_percent(self, percent):
        return self.set_raw(round(self.max * float(percent) / 100))

    def step(self, delta_percent):
        now = self.current() * 100 / self.max
        return self.set_percent(now + float(delta_percent))


def serve(backlight, stream_in, stream_out):
    for line in stream_in:
        parts = line.split()
        if not parts:
            continue
        cmd, rest = parts[0], parts[1:]
        try:
            if cmd == "get":
                reply = f"{backlight.current()} {backlight.max}"
            elif cmd == "set" and rest:
                reply = f"ok {backlight.set_percent(rest[0])}"
            elif cmd == "step" and rest:
                reply = f"ok {backlight.step(rest[0])}"
            elif cmd == "quit":
                break
            else:
                reply = "error unknown command"
        except (ValueError, OSError) as exc:
            reply = f"error {exc}"
        stream_out.write(reply + "\n")
        stream_out.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if args.debug else logging.WARNING)

    target_uid = int(os.environ.get("PKEXEC_UID") or os.environ.get("SUDO_UID") or os.getuid())
    target_gid = int(os.environ.get("SUDO_GID") or os.getgid())
    try:
        backlight = Backlight(pick_device(args.device))
        if os.geteuid() == 0 and target_uid != 0:
            drop_to(target_uid, target_gid)
    except (OSError, RuntimeError) as exc:
        print(f"error {exc}", flush=True)
        return 1
    print(f"ready {backlight.device.name}", flush=True)
    serve(backlight, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

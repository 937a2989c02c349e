#!/usr/bin/env python3
"""Play back keyboard macros through a virtual uinput keyboard.

For switch-access and one-handed users: a macro is a JSON list of steps
such as ``{"keys": "ctrl+c"}``, ``{"type": "hello"}`` or ``{"sleep": 0.3}``.
The player is started with sudo, creates the virtual keyboard while it still
has access to /dev/uinput and then continues as the invoking user.

    sudo prog66d_macro_player_uinput.py macros/copy_line.json --repeat 2
"""

import argparse
import ctypes
import ctypes.util
import fcntl
import json
import logging
import os
import struct
import sys
import time

log = logging.getLogger("macro-player")

UINPUT_PATH = "/dev/uinput"
UI_SET_EVBIT = 0x40045564
UI_SET_KEYBIT = 0x40045565
UI_DEV_CREATE = 0x5501
UI_DEV_DESTROY = 0x5502
EV_SYN, EV_KEY, SYN_REPORT = 0x00, 0x01, 0x00
BUS_USB = 0x03
INPUT_EVENT = "llHHi"

KEYCODES = {
    "esc": 1, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7": 8, "8": 9, "9": 10, "0": 11,
    "minus": 12, "equal": 13, "backspace": 14, "tab": 15,
    "q": 16, "w": 17, "e": 18, "r": 19, "t": 20, "y": 21, "u": 22, "i": 23, "o": 24, "p": 25,
    "enter": 28, "ctrl": 29, "a": 30, "s": 31, "d": 32, "f": 33, "g": 34, "h": 35, "j": 36,
    "k": 37, "l": 38, "shift": 42, "z": 44, "x": 45, "c": 46, "v": 47, "b": 48, "n": 49, "m": 50,
    "comma": 51, "dot": 52, "slash": 53, "alt": 56, "space": 57,
    "f1": 59, "f2": 60, "f3": 61, "f4": 62, "f5": 63, "home": 102, "up": 103, "pageup": 104,
    "left": 105, "right": 106, "end": 107, "down": 108, "pagedown": 109, "delete": 111, "super": 125,
}
CHAR_ALIASES = {" ": "space", ",": "comma", ".": "dot", "/": "slash", "-": "minus", "=": "equal", "\n": "enter"}


class VirtualKeyboard:
    def __init__(self, name=b"macro-player keyboard"):
        self.fd = os.open(UINPUT_PATH, os.O_WRONLY | os.O_NONBLOCK)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_KEY)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_SYN)
        for code in set(KEYCODES.values()):
            fcntl.ioctl(self.fd, UI_SET_KEYBIT, code)
        # struct uinput_user_dev: name[80], input_id, ff_effects_max, abs arrays
        dev = struct.pack("80sHHHHi", name[:79], BUS_USB, 0x1209, 0x4d50, 1, 0)
        dev += b"\x00" * (4 * 64 * 4)
        os.write(self.fd, dev)
        fcntl.ioctl(self.fd, UI_DEV_CREATE)
        time.sleep(0.3)  # let the compositor pick up the new device

    def _emit(self, etype, code, value):
        now = time.time()
        sec = int(now)
        os.write(self.fd, struct.pack(INPUT_EVENT, sec, int((now - sec) * 1e6), etype, code, value))

    def press(self, codes, hold=0.02):
        for c in codes:
            self._emit(EV_KEY, c, 1)
        self._emit(EV_SYN, SYN_REPORT, 0)
        time.sleep(hold)
        for c in reversed(codes):
            self._emit(EV_KEY, c, 0)
        self._emit(EV_SYN, SYN_REPORT, 0)

    def close(self):
        try:
            fcntl.ioctl(self.fd, UI_DEV_DESTROY)
        finally:
            os.close(self.fd)


def continue_as_invoking_user():
    """Switch to the user who ran sudo; the uinput fd stays usable."""
    uid = int(os.environ.get("SUDO_UID", os.getuid()))
    gid = int(os.environ.get("SUDO_GID", os.getgid()))
    if os.geteuid() != 0 or uid == 0:
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = (ctypes.c_uint * 1)(gid)
    steps = (
        ("setgroups", lambda: libc.setgroups(ctypes.c_size_t(1), groups)),
        ("setresgid", lambda: libc.setresgid(gid, gid, gid)),
        ("setresuid", lambda: libc.setresuid(uid, uid, uid)),
    )
    for name, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    log.debug("now running as uid=%d gid=%d", uid, gid)


def chord_codes(spec):
    codes = []
    for part in spec.lower().split("+"):
        part = part.strip()
        if part not in KEYCODES:
            raise ValueError(f"unknown key {part!r}")
        codes.append(KEYCODES[part])
    return codes


def type_text(kbd, text, delay):
    for ch in text:
        shift = ch.isupper()
        key = CHAR_ALIASES.get(ch, ch.lower())
        if key not in KEYCODES:
            log.warning("cannot type %r, skipping", ch)
            continue
        kbd.press(([KEYCODES["shift"]] if shift else []) + [KEYCODES[key]])
        time.sleep(delay)


def play(kbd, steps, delay):
    for i, step in enumerate(steps, 1):
        if "keys" in step:
            kbd.press(chord_codes(step["keys"]))
        elif "type" in step:
            type_text(kbd, step["type"], delay)
        elif "sleep" in step:
            time.sleep(float(step["sleep"]))
        else:
            log.warning("step %d has no action: %r", i, step)
        time.sleep(delay)


def load_macro(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    steps = data["steps"] if isinstance(data, dict) else data
    if not isinstance(steps, list):
        raise ValueError("macro must be a list of steps")
    return steps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("macro", help="macro file (JSON)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--delay", type=float, default=0.03, help="pause between keystrokes")
    ap.add_argument("--start-delay", type=float, default=1.0, help="seconds before playback")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        steps = load_macro(args.macro)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot load macro: %s", exc)
        return 2

    try:
        kbd = VirtualKeyboard()
    except PermissionError:
        log.error("no access to %s; run with sudo", UINPUT_PATH)
        return 1
    try:
        continue_as_invoking_user()
        time.sleep(args.start_delay)
        for _ in range(max(1, args.repeat)):
            play(kbd, steps, args.delay)
    finally:
        kbd.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

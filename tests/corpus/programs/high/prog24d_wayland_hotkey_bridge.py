#!/usr/bin/env python3
"""waykeys - global hotkeys that also work under Wayland.

Wayland compositors do not let X11-style libraries (pynput, keyboard) see
global key presses, so this bridge reads the keyboard event devices
directly. Opening /dev/input/event* needs root: the script re-executes
itself through pkexec, opens the devices, then drops back to the invoking
user's uid/gid before handling any events. Only the configured
combinations are matched; no key history is kept.
"""
import argparse
import logging
import os
import pwd
import selectors
import shlex
import subprocess
import sys

from evdev import InputDevice, ecodes, list_devices

log = logging.getLogger("waykeys")

HOTKEYS = {
    frozenset({"KEY_LEFTMETA", "KEY_LEFTSHIFT", "KEY_S"}): "grim -g \"$(slurp)\" \"$HOME/captures/shot-$(date +%s).png\"",
    frozenset({"KEY_LEFTMETA", "KEY_J"}): "jupyter lab --no-browser",
    frozenset({"KEY_LEFTMETA", "KEY_LEFTALT", "KEY_T"}): "foot",
}


def ensure_root(argv: list[str]) -> None:
    if os.geteuid() == 0:
        return
    user = pwd.getpwuid(os.getuid()).pw_name
    log.info("re-executing through pkexec to open input devices")
    os.execvp("pkexec", ["pkexec", sys.executable, os.path.abspath(__file__),
                         "--run-as", user, *argv])


def open_keyboards() -> list[InputDevice]:
    keyboards = []
    for path in list_devices():
        dev = InputDevice(path)
        caps = dev.capabilities().get(ecodes.EV_KEY, [])
        if ecodes.KEY_A in caps and ecodes.KEY_ENTER in caps:
            keyboards.append(dev)
            log.info("using %s (%s)", dev.path, dev.name)
        else:
            dev.close()
    return keyboards


def drop_privileges(username: str) -> None:
    entry = pwd.getpwnam(username)
    os.setgroups(os.getgrouplist(username, entry.pw_gid))
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("failed to drop root privileges")
    log.info("dropped privileges to %s (uid %d)", username, entry.pw_uid)


def fire(command: str) -> None:
    try:
        subprocess.Popen(["/bin/sh", "-c", command], start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        log.info("hotkey -> %s", shlex.split(command)[0])
    except OSError as exc:
        log.error("could not start %r: %s", command, exc)


def event_loop(devices: list[InputDevice]) -> None:
    sel = selectors.DefaultSelector()
    for dev in devices:
        sel.register(dev, selectors.EVENT_READ)
    held: set[str] = set()
    while True:
        for key, _ in sel.select():
            dev = key.fileobj
            try:
                events = list(dev.read())
            except OSError:
                log.warning("%s disappeared", dev.path)
                sel.unregister(dev)
                continue
            for ev in events:
                if ev.type != ecodes.EV_KEY:
                    continue
                name = ecodes.KEY.get(ev.code)
                if isinstance(name, list):
                    name = name[0]
                if name is None:
                    continue
                if ev.value == 1:
                    held.add(name)
                    cmd = HOTKEYS.get(frozenset(held))
                    if cmd:
                        fire(cmd)
                elif ev.value == 0:
                    held.discard(name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run-as", help=argparse.SUPPRESS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    passthrough = ["-v"] if args.verbose else []
    ensure_root(passthrough)
    if not args.run_as:
        log.error("refusing to keep running as root without --run-as")
        return 2

    devices = open_keyboards()
    if not devices:
        log.error("no keyboard devices found")
        return 1
    drop_privileges(args.run_as)
    os.makedirs(os.path.join(os.environ["HOME"], "captures"), exist_ok=True)
    try:
        event_loop(devices)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

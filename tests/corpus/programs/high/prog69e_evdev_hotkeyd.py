#!/usr/bin/env python3
"""hotkeyd - compositor-independent global hotkeys.

Reads key events straight from the kernel input devices, so the same bindings
work under X11, every Wayland compositor and even on the console. Bindings
live in ~/.config/hotkeyd/bindings.yaml:

    - keys: [KEY_LEFTMETA, KEY_ENTER]
      run: kitty
    - keys: [KEY_LEFTMETA, KEY_LEFTSHIFT, KEY_S]
      run: grim -g "$(slurp)" ~/Pictures/shot.png

The input devices are only readable by root, so hotkeyd opens them with
elevated rights and then continues as the invoking user.
"""
import argparse
import logging
import os
import pwd
import shlex
import subprocess
import sys
from pathlib import Path

import evdev
import yaml

log = logging.getLogger("hotkeyd")


def config_path(home):
    return Path(home) / ".config" / "hotkeyd" / "bindings.yaml"


def load_bindings(path):
    with open(path) as fh:
        raw = yaml.safe_load(fh) or []
    bindings = []
    for entry in raw:
        try:
            codes = frozenset(evdev.ecodes.ecodes[k] for k in entry["keys"])
        except KeyError as exc:
            log.warning("skipping binding %r: unknown key %s", entry, exc)
            continue
        bindings.append((codes, entry["run"]))
    log.info("loaded %d bindings from %s", len(bindings), path)
    return bindings


def keyboards():
    found = []
    for dev_path in evdev.list_devices():
        try:
            dev = evdev.InputDevice(dev_path)
        except PermissionError:
            continue
        caps = dev.capabilities().get(evdev.ecodes.EV_KEY, [])
        if evdev.ecodes.KEY_A in caps and evdev.ecodes.KEY_ENTER in caps:
            found.append(dev)
        else:
            dev.close()
    return found


def relaunch_elevated():
    """Re-run this script through sudo, keeping the session environment."""
    keep = "DISPLAY,WAYLAND_DISPLAY,XDG_RUNTIME_DIR,DBUS_SESSION_BUS_ADDRESS,HOME"
    argv = ["sudo", f"--preserve-env={keep}", sys.executable, os.path.abspath(__file__)]
    argv += sys.argv[1:]
    log.info("input devices not readable, re-running with sudo")
    os.execvp(argv[0], argv)


def drop_to_invoking_user():
    uid = int(os.environ.get("SUDO_UID", "0"))
    if os.geteuid() != 0 or uid == 0:
        return
    gid = int(os.environ.get("SUDO_GID", uid))
    user = pwd.getpwuid(uid)
    groups = os.getgrouplist(user.pw_name, gid)
    os.setgroups(groups)
    os.setgid(gid)
    os.setuid(uid)
    os.environ.update(HOME=user.pw_dir, USER=user.pw_name, LOGNAME=user.pw_name)
    log.info("continuing as %s", user.pw_name)


class HotkeyLoop:
    def __init__(self, devices, bindings, dry_run=False):
        self.devices = {dev.fd: dev for dev in devices}
        self.bindings = bindings
        self.pressed = set()
        self.dry_run = dry_run

    def fire(self, command):
        log.info("running: %s", command)
        if self.dry_run:
            return
        shell = os.environ.get("SHELL", "/bin/sh")
        subprocess.Popen([shell, "-c", command], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)

    def handle(self, event):
        if event.type != evdev.ecodes.EV_KEY:
            return
        if event.value == 1:
            self.pressed.add(event.code)
            for codes, command in self.bindings:
                if codes == self.pressed:
                    self.fire(command)
        elif event.value == 0:
            self.pressed.discard(event.code)

    def run(self):
        import select
        while True:
            readable, _, _ = select.select(self.devices, [], [])
            for fd in readable:
                try:
                    for event in self.devices[fd].read():
                        self.handle(event)
                except OSError as exc:
                    log.warning("device %s went away: %s", self.devices[fd].path, exc)
                    del self.devices[fd]
            if not self.devices:
                log.error("no input devices left")
                return 1


def main():
    parser = argparse.ArgumentParser(prog="hotkeyd")
    parser.add_argument("--config", help="bindings file")
    parser.add_argument("--dry-run", action="store_true", help="log instead of running")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="hotkeyd: %(message)s")

    devices = keyboards()
    if not devices:
        if os.geteuid() != 0:
            relaunch_elevated()
        log.error("no keyboards found")
        return 1
    drop_to_invoking_user()
    path = Path(args.config) if args.config else config_path(os.environ["HOME"])
    try:
        bindings = load_bindings(path)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", path, exc)
        return 1
    log.info("listening on %s", ", ".join(shlex.quote(d.name) for d in devices))
    try:
        return HotkeyLoop(devices, bindings, args.dry_run).run()
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Kennel run door relay daemon (Raspberry Pi).

Each run door latch is wired to a relay on the Pi's GPIO header. The daemon
exports the GPIO lines, then listens on a local UNIX socket for simple
commands from the front-desk app:

    open run-07        -> pulse the latch relay for 1.5 s
    status             -> JSON with the last pulse per door

Doors and pins come from doors.yaml. Started by the Pi's init
as root so it can claim the pins, then it continues as the 'kennel' user.
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
import threading
import time
from pathlib import Path

import yaml

log = logging.getLogger("doorrelay")

GPIO_ROOT = Path("/sys/class/gpio")
PULSE_SECONDS = 1.5


class Pin:
    def __init__(self, number):
        self.number = number
        self.path = GPIO_ROOT / f"gpio{number}"

    def export(self):
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(self.number))
            for _ in range(20):          # udev needs a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.05)
        (self.path / "direction").write_text("out")
        (self.path / "value").write_text("0")

    def set(self, on):
        (self.path / "value").write_text("1" if on else "0")


class Doors:
    def __init__(self, mapping):
        self.pins = {name: Pin(int(num)) for name, num in mapping.items()}
        self.last = {}
        self.lock = threading.Lock()

    def export_all(self):
        for name, pin in self.pins.items():
            pin.export()
            log.info("door %s on gpio%d", name, pin.number)

    def pulse(self, name):
        pin = self.pins[name]
        with self.lock:
            pin.set(True)
            time.sleep(PULSE_SECONDS)
            pin.set(False)
            self.last[name] = time.strftime("%Y-%m-%dT%H:%M:%S")


def continue_as(username):
    """Switch the process credentials to the service account."""
    pw = pwd.getpwnam(username)
    gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    arr = (ctypes.c_uint * len(gids))(*gids)
    for fn, args in (("setgroups", (len(gids), arr)),
                     ("setresgid", (pw.pw_gid,) * 3),
                     ("setresuid", (pw.pw_uid,) * 3)):
        if getattr(libc, fn)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn}: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", username, os.getuid())


def handle(conn, doors):
    with conn:
        line = conn.makefile("r").readline().strip()
        parts = line.split()
        if parts[:1] == ["open"] and len(parts) == 2 and parts[1] in doors.pins:
            doors.pulse(parts[1])
            reply = {"ok": True, "door": parts[1]}
        elif parts == ["status"]:
            reply = {"ok": True, "last": doors.last}
        else:
            reply = {"ok": False, "error": f"bad command {line!r}"}
        conn.sendall((json.dumps(reply) + "\n").encode())


def serve(sock_path, doors):
    if os.path.exists(sock_path):
        os.unlink(sock_path)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(sock_path)
    os.chmod(sock_path, 0o660)
    srv.listen(8)
    log.info("listening on %s", sock_path)
    while True:
        conn, _ = srv.accept()
        threading.Thread(target=handle, args=(conn, doors), daemon=True).start()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kennel door relay daemon")
    ap.add_argument("-c", "--config", type=Path, default=Path("doors.yaml"))
    ap.add_argument("--socket", default="./doorrelay.sock")
    ap.add_argument("--user", default="kennel")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = yaml.safe_load(args.config.read_text())
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.config, exc)
        return 1

    doors = Doors(cfg.get("doors", {}))
    try:
        doors.export_all()
    except PermissionError:
        log.error("cannot export GPIO lines; start the daemon as root")
        return 1
    if os.geteuid() == 0:
        continue_as(args.user)
    serve(args.socket, doors)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Parcel-locker door daemon.

Drives the door latch solenoids of a locker bank through the board's sysfs
GPIO lines and reads the door-closed reed switches. Commands arrive on a
local UNIX socket (./lockerd.sock) as single lines:

    OPEN <door>      pulse the latch for PULSE_MS
    STATE <door>     report "open" / "closed"
    STATES           report every door

The GPIO lines have to be exported while the daemon still runs as root; it
then continues as the unprivileged locker account.
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

log = logging.getLogger("lockerd")

GPIO_ROOT = Path("/sys/class/gpio")
PULSE_MS = 350


class Door:
    def __init__(self, number, latch, reed):
        self.number = number
        self.latch = latch
        self.reed = reed
        self.lock = threading.Lock()

    def _line(self, pin):
        return GPIO_ROOT / f"gpio{pin}"

    def export(self):
        for pin, direction in ((self.latch, "out"), (self.reed, "in")):
            if not self._line(pin).exists():
                (GPIO_ROOT / "export").write_text(str(pin))
                time.sleep(0.05)
            (self._line(pin) / "direction").write_text(direction)
            if direction == "in":
                (self._line(pin) / "edge").write_text("both")
        os.chmod(self._line(self.latch) / "value", 0o664)

    def pulse(self):
        with self.lock:
            value = self._line(self.latch) / "value"
            value.write_text("1")
            time.sleep(PULSE_MS / 1000)
            value.write_text("0")

    def is_closed(self):
        return (self._line(self.reed) / "value").read_text().strip() == "1"


class Identity:
    """Switches the process to the locker service account."""

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        groups = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.libc.setgroups(len(groups), arr), "setgroups")
        self._check(self.libc.setresgid(self.pw.pw_gid, self.pw.pw_gid, self.pw.pw_gid),
                    "setresgid")
        self._check(self.libc.setresuid(self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid),
                    "setresuid")
        log.info("now running as %s (%d)", self.pw.pw_name, os.getuid())


def load_doors(path):
    spec = json.loads(Path(path).read_text())
    return {int(d["door"]): Door(int(d["door"]), d["latch_gpio"], d["reed_gpio"])
            for d in spec["doors"]}


def handle(conn, doors):
    with conn, conn.makefile("rw") as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            cmd, arg = parts[0].upper(), (parts[1] if len(parts) > 1 else None)
            try:
                if cmd == "OPEN":
                    doors[int(arg)].pulse()
                    reply = "ok"
                elif cmd == "STATE":
                    reply = "closed" if doors[int(arg)].is_closed() else "open"
                elif cmd == "STATES":
                    reply = json.dumps({n: d.is_closed() for n, d in doors.items()})
                else:
                    reply = "err unknown command"
            except (KeyError, ValueError, TypeError):
                reply = "err bad door"
            except OSError as exc:
                reply = f"err io {exc.errno}"
            log.info("%s %s -> %s", cmd, arg or "", reply)
            f.write(reply + "\n")
            f.flush()


def main():
    ap = argparse.ArgumentParser(description="parcel-locker door daemon")
    ap.add_argument("--doors", default="doors.json")
    ap.add_argument("--socket", default="lockerd.sock")
    ap.add_argument("--user", default="lockerd")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    doors = load_doors(args.doors)
    try:
        for d in doors.values():
            d.export()
    except OSError as exc:
        log.error("gpio export failed: %s", exc)
        return 1
    log.info("exported %d doors", len(doors))

    if os.geteuid() == 0:
        Identity(args.user).assume()

    if os.path.exists(args.socket):
        os.unlink(args.socket)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(args.socket)
    os.chmod(args.socket, 0o660)
    srv.listen(8)
    log.info("listening on %s", args.socket)
    try:
        while True:
            conn, _ = srv.accept()
            threading.Thread(target=handle, args=(conn, doors), daemon=True).start()
    except KeyboardInterrupt:
        pass
    finally:
        srv.close()
        os.unlink(args.socket)
    return 0


if __name__ == "__main__":
    sys.exit(main())

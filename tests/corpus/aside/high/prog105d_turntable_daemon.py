#!/usr/bin/env python3
"""Turntable controller daemon for the engine shed module.

Drives the stepper under the 70ft turntable through a DRV8825 on the Pi's
GPIO, indexed against a hall sensor at road 0.  Panels and JMRI talk to it
with one-line text commands on TCP port 5150:

    HOME          find the index sensor
    ROAD <n>      turn to road n (0-11), shortest way round
    TURN          rotate 180 degrees at the current road
    STATUS        current road and whether the deck is moving

Started from rc.local as root on the shed Pi; it runs as the 'layout' user
once the GPIO is claimed.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socketserver
import threading
import time

from gpiozero import DigitalInputDevice, DigitalOutputDevice

log = logging.getLogger("turntable")

STEPS_PER_REV = 200 * 32      # 1.8 deg motor, 1/32 microstepping
ROAD_STEPS = {n: round(n * STEPS_PER_REV / 24) for n in range(12)}


class Turntable:
    def __init__(self, step_pin, dir_pin, enable_pin, index_pin, step_delay):
        self.step = DigitalOutputDevice(step_pin)
        self.dir = DigitalOutputDevice(dir_pin)
        self.enable = DigitalOutputDevice(enable_pin, active_high=False)
        self.index = DigitalInputDevice(index_pin, pull_up=True)
        self.delay = step_delay
        self.position = 0
        self.road = None
        self.moving = False
        self.lock = threading.Lock()

    def _pulse(self, n, forward):
        self.dir.value = forward
        for _ in range(n):
            self.step.on()
            time.sleep(self.delay)
            self.step.off()
            time.sleep(self.delay)
        self.position = (self.position + (n if forward else -n)) % STEPS_PER_REV

    def home(self):
        with self.lock:
            self.moving = True
            self.enable.on()
            for _ in range(STEPS_PER_REV + 50):
                if self.index.is_active:
                    break
                self._pulse(1, True)
            else:
                self.moving = False
                raise RuntimeError("index sensor never triggered")
            self.position, self.road, self.moving = 0, 0, False
            self.enable.off()

    def goto(self, road):
        target = ROAD_STEPS[road]
        with self.lock:
            delta = (target - self.position) % STEPS_PER_REV
            forward = delta <= STEPS_PER_REV // 2
            self.moving = True
            self.enable.on()
            self._pulse(delta if forward else STEPS_PER_REV - delta, forward)
            self.enable.off()
            self.road, self.moving = road, False

    def turn(self):
        with self.lock:
            self.moving = True
            self.enable.on()
            self._pulse(STEPS_PER_REV // 2, True)
            self.enable.off()
            self.moving = False


def run_as(username):
    """Switch from root to the layout account after the GPIO has been opened."""
    if os.geteuid() != 0:
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    gid_array = (ctypes.c_uint * len(groups))(*groups)
    for call, args in (("setgroups", (len(groups), gid_array)),
                       ("setgid", (pw.pw_gid,)),
                       ("setuid", (pw.pw_uid,))):
        if getattr(libc, call)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{call} failed: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d)", username, pw.pw_uid)


class CommandHandler(socketserver.StreamRequestHandler):
    table = None

    def reply(self, text):
        self.wfile.write((text + "\n").encode())

    def handle(self):
        for raw in self.rfile:
            parts = raw.decode(errors="replace").split()
            if not parts:
                continue
            cmd = parts[0].upper()
            try:
                if cmd == "HOME":
                    self.table.home(); self.reply("OK HOME")
                elif cmd == "ROAD" and len(parts) == 2 and int(parts[1]) in ROAD_STEPS:
                    self.table.goto(int(parts[1])); self.reply(f"OK ROAD {parts[1]}")
                elif cmd == "TURN":
                    self.table.turn(); self.reply("OK TURN")
                elif cmd == "STATUS":
                    self.reply(f"ROAD {self.table.road} MOVING {int(self.table.moving)}")
                elif cmd == "QUIT":
                    return
                else:
                    self.reply("ERR unknown command")
            except (ValueError, RuntimeError) as exc:
                log.warning("%s from %s failed: %s", cmd, self.client_address[0], exc)
                self.reply(f"ERR {exc}")


def main():
    ap = argparse.ArgumentParser(description="Engine shed turntable daemon")
    ap.add_argument("--port", type=int, default=5150)
    ap.add_argument("--user", default="layout")
    ap.add_argument("--step-delay", type=float, default=0.0008)
    ap.add_argument("--no-home", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    table = Turntable(step_pin=20, dir_pin=21, enable_pin=16, index_pin=26,
                      step_delay=args.step_delay)
    run_as(args.user)
    if not args.no_home:
        table.home()
    CommandHandler.table = table

    socketserver.ThreadingTCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("0.0.0.0", args.port), CommandHandler) as srv:
        log.info("turntable listening on port %d", args.port)
        srv.serve_forever()


if __name__ == "__main__":
    main()

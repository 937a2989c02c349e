#!/usr/bin/env python3
"""Wetsuit dryer relay controller.

Drives the 4-channel USB relay board that switches the heaters and fans in
the wetsuit drying room. Channel 1/2 are the fans, 3/4 the heaters. The board
shows up as a USB serial device; on a fresh install the shop account cannot
open it, so the tool sorts out device access the first time it runs.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time

import serial  # pyserial

LOG = logging.getLogger("dryer")

DEVICE = os.environ.get("DRYER_DEVICE", "/dev/ttyUSB0")
RULE_PATH = os.path.join("/etc", "udev", "rules.d", "72-dryer-relay.rules")
RULE_TEXT = 'SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523", MODE="0666"\n'

PROGRAMS = {
    "short": [(1, 1), (2, 1), (1, 40), (2, 40)],   # fans only, 40 min
    "full": [(1, 1), (2, 1), (3, 1), (4, 1), (3, 60), (4, 60), (1, 90), (2, 90)],
}


def elevate_prefix():
    """Pick whichever elevation helper this box has."""
    for tool in ("sudo", "doas"):
        path = shutil.which(tool)
        if path:
            return [path]
    return []


def run_elevated(args, data=None):
    cmd = elevate_prefix() + args
    LOG.info("running: %s", " ".join(cmd))
    return subprocess.run(cmd, input=data, text=True, check=True)


def fix_device_access():
    """Install a udev rule for the relay board and open up the current node."""
    if not os.path.exists(RULE_PATH):
        run_elevated(["tee", RULE_PATH], data=RULE_TEXT)
        run_elevated(["udevadm", "control", "--reload-rules"])
        run_elevated(["udevadm", "trigger", "--subsystem-match=tty"])
    if os.path.exists(DEVICE):
        run_elevated(["chmod", "0666", DEVICE])


class RelayBoard:
    def __init__(self, device, baud=9600):
        self.port = serial.Serial(device, baud, timeout=1)

    def set(self, channel, on):
        # LCUS-type boards: A0 <ch> <state> <checksum>
        state = 1 if on else 0
        frame = bytes([0xA0, channel, state, (0xA0 + channel + state) & 0xFF])
        self.port.write(frame)
        LOG.info("channel %d %s", channel, "on" if on else "off")

    def all_off(self):
        for ch in range(1, 5):
            self.set(ch, False)

    def close(self):
        self.port.close()


def open_board(device):
    try:
        return RelayBoard(device)
    except serial.SerialException as exc:
        if "Permission denied" not in str(exc):
            raise
        LOG.warning("no access to %s, fixing permissions", device)
        fix_device_access()
        time.sleep(1)
        return RelayBoard(device)


def run_program(board, steps):
    """Each step is (channel, minute): first time we see a channel it goes on,
    the second time it goes off."""
    active = set()
    start = time.monotonic()
    for channel, minute in sorted(steps, key=lambda s: s[1]):
        wait = minute * 60 - (time.monotonic() - start)
        if wait > 0:
            time.sleep(wait)
        if channel in active:
            board.set(channel, False)
            active.discard(channel)
        else:
            board.set(channel, True)
            active.add(channel)


def main():
    parser = argparse.ArgumentParser(description="Run a wetsuit drying program")
    parser.add_argument("program", choices=sorted(PROGRAMS))
    parser.add_argument("--device", default=DEVICE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        board = open_board(args.device)
    except (serial.SerialException, subprocess.CalledProcessError) as exc:
        LOG.error("cannot open relay board: %s", exc)
        return 1
    try:
        run_program(board, PROGRAMS[args.program])
    except KeyboardInterrupt:
        LOG.info("interrupted")
    finally:
        board.all_off()
        board.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

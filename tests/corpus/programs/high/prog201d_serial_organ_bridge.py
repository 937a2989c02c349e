#!/usr/bin/env python3
"""Serial bridge between the MIDI roll player and the band organ valve board.

The restored Wurlitzer-style organ is driven by a USB serial valve board.
This tool prepares the device node so the player can open it, then streams
note on/off bytes from a simple text roll to the board.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("organbridge")

DEVICE_DEFAULT = "/dev/ttyUSB0"
RULE_DIR = Path("/etc") / "udev" / "rules.d"
RULE_NAME = "99-band-organ.rules"
RULE_TEXT = ('SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", '
             'MODE="0666", SYMLINK+="organ0"\n')


def elevated(*cmd, stdin=None):
    """Run a setup command with administrator rights."""
    full = ["sudo", "-n", *cmd]
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, input=stdin, text=True, capture_output=True, check=False)


class DevicePrep:
    def __init__(self, device):
        self.device = device

    def install_rule(self):
        target = RULE_DIR / RULE_NAME
        res = elevated("tee", str(target), stdin=RULE_TEXT)
        if res.returncode != 0:
            raise RuntimeError(f"could not write {target}: {res.stderr.strip()}")
        elevated("udevadm", "control", "--reload-rules")
        elevated("udevadm", "trigger", "--subsystem-match=tty")
        LOG.info("device rule installed at %s", target)

    def open_node_now(self):
        res = elevated("chmod", "666", self.device)
        if res.returncode != 0:
            raise RuntimeError(f"chmod failed: {res.stderr.strip()}")
        LOG.info("%s opened for the player", self.device)

    def ready(self):
        return os.access(self.device, os.R_OK | os.W_OK)


def parse_roll(path):
    """Each line: <delay_ms> <on|off> <note>"""
    events = []
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            delay, action, note = line.split()
            events.append((int(delay), action == "on", int(note)))
        except ValueError:
            LOG.warning("line %d ignored: %r", lineno, line)
    return events


def play(device, events):
    with open(device, "wb", buffering=0) as port:
        for delay, on, note in events:
            time.sleep(delay / 1000.0)
            port.write(bytes([0x90 if on else 0x80, note & 0x7F, 0x40 if on else 0]))
    LOG.info("played %d events", len(events))


def main():
    parser = argparse.ArgumentParser(description="Band organ serial bridge")
    parser.add_argument("roll", nargs="?", help="text roll to play")
    parser.add_argument("--device", default=DEVICE_DEFAULT)
    parser.add_argument("--setup", action="store_true", help="prepare device access")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    prep = DevicePrep(args.device)
    if args.setup or not prep.ready():
        try:
            prep.install_rule()
            prep.open_node_now()
        except RuntimeError as exc:
            LOG.error("%s", exc)
            return 1
    if not args.roll:
        return 0
    try:
        play(args.device, parse_roll(args.roll))
    except OSError as exc:
        LOG.error("playback failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

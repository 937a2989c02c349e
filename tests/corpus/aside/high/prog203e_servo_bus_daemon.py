#!/usr/bin/env python3
"""Servo bus daemon for motorised marionette strings.

Opens the servo bus adapter, then runs as an unprivileged user while it
replays string-position frames from a cue file.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("servo_bus")

DRIVER = "ftdi" + "_sio"


def ensure_driver(device: Path):
    if device.exists():
        return
    loader = "mod" + "probe"
    log.info("adapter missing, loading %s", DRIVER)
    subprocess.run([loader, DRIVER], check=True)
    for _ in range(20):
        if device.exists():
            return
        time.sleep(0.25)
    raise FileNotFoundError(device)


def open_bus(device: Path):
    fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
    log.info("bus open on %s (fd %d)", device, fd)
    return fd


def drop_to(user: str):
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    steps = [("setgroups", groups), ("setgid", entry.pw_gid), ("setuid", entry.pw_uid)]
    for name, arg in steps:
        getattr(os, name)(arg)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d)", user, entry.pw_uid)


def frame(channel: int, position: int) -> bytes:
    position = max(0, min(4095, position))
    body = bytes([0xFF, channel & 0x3F, position >> 8, position & 0xFF])
    return body + bytes([sum(body) & 0xFF])


def replay(fd: int, cues):
    for cue in cues:
        for ch, pos in cue.get("positions", {}).items():
            os.write(fd, frame(int(ch), int(pos)))
        time.sleep(float(cue.get("hold", 0.05)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cuefile", type=Path)
    ap.add_argument("--device", type=Path, default=Path("/dev/ttyUSB0"))
    ap.add_argument("--user", default="puppeteer")
    ap.add_argument("--loop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("start as root so the adapter can be prepared")
        return 1
    try:
        cues = json.loads(args.cuefile.read_text())["cues"]
        ensure_driver(args.device)
        fd = open_bus(args.device)
        drop_to(args.user)
    except (OSError, KeyError, ValueError, subprocess.CalledProcessError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    try:
        while True:
            replay(fd, cues)
            if not args.loop:
                break
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Feed now-playing text to the FM transmitter's RDS encoder.

Started by root at boot so it can open the serial port, then gives up
root for the rest of its life and runs as the 'rds' service account.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
import time
from pathlib import Path

log = logging.getLogger("rds-daemon")

SERIAL_DEV = os.environ.get("RDS_SERIAL", "/dev/ttyUSB0")
NOWPLAYING = Path(os.environ.get("RDS_NOWPLAYING", "/srv/playout/export/rds.txt"))
STATION_PS = os.environ.get("RDS_PS", "WXPR LP ")
RUN_AS = os.environ.get("RDS_USER", "rds")


def open_serial(dev: str) -> int:
    os.chmod(dev, 0o660)
    os.chown(dev, -1, grp.getgrnam("dialout").gr_gid)
    fd = os.open(dev, os.O_WRONLY | os.O_NOCTTY)
    log.info("opened %s", dev)
    return fd


def drop_privileges(user: str) -> None:
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid %d)", user, entry.pw_uid)


def rds_frames(text: str) -> list:
    text = text.replace("\n", " ").strip()[:64]
    return [
        f"PS={STATION_PS[:8]}\r\n",
        f"RT={text}\r\n",
    ]


def loop(fd: int, interval: float) -> None:
    last = None
    while True:
        try:
            current = NOWPLAYING.read_text(encoding="utf-8", errors="replace")
        except OSError:
            current = "Community radio for the valley"
        if current != last:
            for frame in rds_frames(current):
                os.write(fd, frame.encode("ascii", errors="replace"))
            log.info("RT -> %.64s", current.strip())
            last = current
        time.sleep(interval)


def main() -> None:
    parser = argparse.ArgumentParser(description="RDS radiotext feeder")
    parser.add_argument("--device", default=SERIAL_DEV)
    parser.add_argument("--user", default=RUN_AS)
    parser.add_argument("--interval", type=float, default=5.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root to open %s", args.device)
        sys.exit(1)
    fd = open_serial(args.device)
    drop_privileges(args.user)
    try:
        loop(fd, args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)


if __name__ == "__main__":
    main()

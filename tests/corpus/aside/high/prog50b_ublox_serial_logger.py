#!/usr/bin/env python3
"""Configure a u-blox receiver and log its raw UBX/NMEA stream to disk.

Started as root by the field kit's init script: it opens the serial device,
writes the UBX configuration messages, then drops to the 'gpslog' account
(setgroups/setgid/setuid) before logging for hours.
"""
import argparse
import grp
import logging
import os
import pwd
import struct
import sys
import termios
import time
from pathlib import Path

log = logging.getLogger("ubxlog")


def ubx(cls: int, mid: int, payload: bytes = b"") -> bytes:
    body = struct.pack("<BBH", cls, mid, len(payload)) + payload
    ck_a = ck_b = 0
    for byte in body:
        ck_a = (ck_a + byte) & 0xFF
        ck_b = (ck_b + ck_a) & 0xFF
    return b"\xb5\x62" + body + bytes((ck_a, ck_b))


def cfg_valset(items):
    payload = struct.pack("<BBH", 0, 0x01, 0)  # version, layer=RAM
    for key, size, value in items:
        payload += struct.pack("<I", key) + value.to_bytes(size, "little")
    return ubx(0x06, 0x8A, payload)


CONFIG = [
    (0x30210001, 2, 200),   # CFG-RATE-MEAS: 5 Hz
    (0x20910007, 1, 1),     # CFG-MSGOUT-UBX_NAV_PVT_USB
    (0x209102A5, 1, 1),     # CFG-MSGOUT-UBX_RXM_RAWX_USB
    (0x10780002, 1, 1),     # CFG-USBOUTPROT-NMEA
]


def open_serial(device: str, baud: int) -> int:
    fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[0] = attrs[1] = attrs[3] = 0
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[4] = attrs[5] = speed
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def drop_privileges(user: str):
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", user, os.getuid())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--user", default="gpslog")
    ap.add_argument("--outdir", default="/srv/gnss/raw")
    ap.add_argument("--rotate-min", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    fd = open_serial(args.device, args.baud)
    msg = cfg_valset(CONFIG)
    written = os.write(fd, msg)
    log.info("sent CFG-VALSET (%d bytes) to %s", written, args.device)

    if os.geteuid() == 0:
        drop_privileges(args.user)
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)

    while True:
        name = outdir / time.strftime("%Y%m%d_%H%M%S.ubx", time.gmtime())
        deadline = time.monotonic() + args.rotate_min * 60
        with name.open("wb") as out:
            while time.monotonic() < deadline:
                chunk = os.read(fd, 4096)
                if not chunk:
                    time.sleep(0.05)
                    continue
                out.write(chunk)
        log.info("rotated %s (%d bytes)", name, name.stat().st_size)


if __name__ == "__main__":
    sys.exit(main())

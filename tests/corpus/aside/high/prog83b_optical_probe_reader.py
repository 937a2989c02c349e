#!/usr/bin/env python3
"""Read register values from a meter through the optical probe.

The field handheld runs this as a service account that owns the probe port;
it opens the port, then continues as the crew member's own account so the
read file lands in their home with the right owner. Talks IEC 62056-21 mode C:
sign-on at 300 baud, request the data readout, parse OBIS lines.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import re
import sys
import termios
import time

log = logging.getLogger("optical_probe")

OBIS_LINE = re.compile(r"^(\d+-\d+:)?(\d+\.\d+\.\d+(?:\*\d+)?)\(([^)]*)\)")
BAUD_TABLE = {"0": termios.B300, "1": termios.B600, "2": termios.B1200,
              "3": termios.B2400, "4": termios.B4800, "5": termios.B9600}


class Identity:
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    @classmethod
    def become(cls, username):
        entry = pwd.getpwnam(username)
        cls._check(cls.libc.setgroups(0, None), "setgroups")
        cls._check(cls.libc.setgid(entry.pw_gid), "setgid")
        cls._check(cls.libc.setuid(entry.pw_uid), "setuid")
        os.environ["HOME"] = entry.pw_dir
        log.info("continuing as %s (uid %d)", username, entry.pw_uid)
        return entry


def configure(fd, speed):
    attrs = termios.tcgetattr(fd)
    attrs[0] = 0                                    # iflag
    attrs[1] = 0                                    # oflag
    attrs[2] = termios.CS7 | termios.PARENB | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                                    # lflag
    attrs[4] = attrs[5] = speed
    attrs[6][termios.VMIN] = 0
    attrs[6][termios.VTIME] = 20
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def read_until(fd, terminators, limit=65536, timeout=15):
    buf = bytearray()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and len(buf) < limit:
        chunk = os.read(fd, 512)
        if chunk:
            buf.extend(chunk)
            if any(t in buf for t in terminators):
                break
    return bytes(buf)


def readout(port, address):
    fd = os.open(port, os.O_RDWR | os.O_NOCTTY)
    try:
        configure(fd, termios.B300)
        os.write(fd, f"/?{address}!\r\n".encode("ascii"))
        ident = read_until(fd, [b"\r\n"]).decode("ascii", "ignore").strip()
        if not ident.startswith("/") or len(ident) < 5:
            raise RuntimeError(f"no sign-on reply from probe: {ident!r}")
        speed_code = ident[4]
        os.write(fd, b"\x06" + f"0{speed_code}0\r\n".encode("ascii"))
        time.sleep(0.3)
        configure(fd, BAUD_TABLE.get(speed_code, termios.B300))
        data = read_until(fd, [b"!\r\n", b"\x03"], timeout=30)
        return ident, data.decode("ascii", "ignore")
    finally:
        os.close(fd)


def parse_registers(text):
    regs = {}
    for line in text.splitlines():
        m = OBIS_LINE.match(line.strip().lstrip("\x02"))
        if m:
            regs[m.group(2)] = m.group(3)
    return regs


def main(argv=None):
    ap = argparse.ArgumentParser(description="optical probe register readout")
    ap.add_argument("meter_id")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--address", default="")
    ap.add_argument("--as-user", default=os.environ.get("SUDO_USER") or os.environ.get("CREW_USER"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        ident, text = readout(args.port, args.address)
    except (OSError, RuntimeError) as exc:
        log.error("readout failed: %s", exc)
        return 1

    if args.as_user:
        Identity.become(args.as_user)
    outdir = os.path.join(os.environ.get("HOME", "."), "reads")
    os.makedirs(outdir, exist_ok=True)
    record = {"meter_id": args.meter_id, "ident": ident, "read_at": time.time(),
              "registers": parse_registers(text)}
    path = os.path.join(outdir, f"{args.meter_id}_{int(record['read_at'])}.json")
    with open(path, "w") as fh:
        json.dump(record, fh, indent=2)
    log.info("%d register(s) saved to %s", len(record["registers"]), path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

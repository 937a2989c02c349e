#!/usr/bin/env python3
"""Passive listener for timing-mat chip broadcasts.

The decoder boxes on the start/finish mats broadcast UDP datagrams on the
timing VLAN. Some firmware sends them with a broken UDP checksum, which the
kernel silently drops, so this listener reads them off a raw IP socket
instead and writes clean CSV for the results software.
"""
import argparse
import csv
import logging
import os
import pwd
import grp
import shutil
import socket
import struct
import sys
from datetime import datetime

log = logging.getLogger("matlisten")

IP_HDR = struct.Struct("!BBHHHBBH4s4s")
UDP_HDR = struct.Struct("!HHHH")


def escalate_if_needed():
    """Raw sockets need root; re-run ourselves through sudo, keeping args."""
    if os.geteuid() == 0:
        return
    helper = shutil.which("sudo")
    if not helper:
        sys.exit("raw capture needs root and sudo is not installed")
    argv = [helper, "-E", sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    log.info("re-launching with elevated rights")
    os.execv(helper, argv)


def drop_to(user_name):
    """After the socket is open we no longer need root."""
    pw = pwd.getpwnam(user_name)
    groups = [g.gr_gid for g in grp.getgrall() if user_name in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    log.info("now running as %s (%d)", user_name, pw.pw_uid)


def open_raw():
    s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_UDP)
    s.settimeout(1.0)
    return s


def parse(packet, port):
    ver_ihl = packet[0]
    ihl = (ver_ihl & 0x0F) * 4
    fields = IP_HDR.unpack(packet[:IP_HDR.size])
    src = socket.inet_ntoa(fields[8])
    sport, dport, length, _csum = UDP_HDR.unpack(packet[ihl:ihl + UDP_HDR.size])
    if dport != port:
        return None
    payload = packet[ihl + UDP_HDR.size: ihl + length].decode("ascii", "replace").strip()
    # payload: "<mat_id>;<chip>;<ticks_ms>"
    parts = payload.split(";")
    if len(parts) != 3:
        return None
    return {"decoder": src, "mat": parts[0], "chip": parts[1], "ticks": int(parts[2])}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=3097)
    ap.add_argument("--out", default="mat_reads.csv")
    ap.add_argument("--run-as", default=os.environ.get("SUDO_USER") or "nobody")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    escalate_if_needed()
    sock = open_raw()
    out = open(args.out, "a", newline="")
    if os.geteuid() == 0 and args.run_as != "root":
        uid = pwd.getpwnam(args.run_as).pw_uid
        os.fchown(out.fileno(), uid, -1)
        drop_to(args.run_as)

    writer = csv.writer(out)
    seen = 0
    try:
        while True:
            try:
                pkt = sock.recv(65535)
            except socket.timeout:
                continue
            try:
                rec = parse(pkt, args.port)
            except (struct.error, ValueError):
                continue
            if rec is None:
                continue
            writer.writerow([datetime.now().isoformat(timespec="milliseconds"),
                             rec["decoder"], rec["mat"], rec["chip"], rec["ticks"]])
            seen += 1
            if seen % 25 == 0:
                out.flush()
                log.info("%d reads", seen)
    except KeyboardInterrupt:
        pass
    finally:
        out.close()
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

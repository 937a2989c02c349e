#!/usr/bin/env python3
"""Passive BLE presence scanner for the home hub.

Opens a raw HCI socket (needs root or CAP_NET_RAW), then drops to an
unprivileged account and keeps listening for advertisements from known tags
(keys, phones, pet collar). Presence changes are appended to presence.log.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import struct
import time

log = logging.getLogger("presence")

HCI_FILTER = 2
SOL_HCI = 0
HCI_EVENT_PKT = 0x04
EVT_LE_META = 0x3E
LE_ADV_REPORT = 0x02

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(username):
    pw = pwd.getpwnam(username)
    gid_array = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(1, gid_array), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", username, os.getuid())


def open_hci(dev_id):
    sock = socket.socket(socket.AF_BLUETOOTH, socket.SOCK_RAW, socket.BTPROTO_HCI)
    sock.bind((dev_id,))
    # type mask: event packets only; event mask: LE meta events only
    flt = struct.pack("<IIIh2x", 1 << HCI_EVENT_PKT, 0, 1 << (EVT_LE_META - 32), 0)
    sock.setsockopt(SOL_HCI, HCI_FILTER, flt)
    return sock


def parse_adv(pkt):
    if len(pkt) < 14 or pkt[0] != HCI_EVENT_PKT or pkt[1] != EVT_LE_META or pkt[3] != LE_ADV_REPORT:
        return None
    addr = ":".join(f"{b:02X}" for b in reversed(pkt[7:13]))
    rssi = struct.unpack("b", pkt[-1:])[0]
    return addr, rssi


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hci", type=int, default=0)
    ap.add_argument("--user", default="hubsvc")
    ap.add_argument("--tags", default="tags.txt", help="lines: MAC name")
    ap.add_argument("--away-after", type=int, default=120, help="seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with open(args.tags) as fh:
        tags = dict(line.split(None, 1) for line in fh if line.strip() and not line.startswith("#"))
    tags = {k.upper(): v.strip() for k, v in tags.items()}

    sock = open_hci(args.hci)
    if os.geteuid() == 0:
        drop_privileges(args.user)
    sock.settimeout(5)

    last_seen, present = {}, set()
    with open("presence.log", "a", buffering=1) as out:
        while True:
            try:
                adv = parse_adv(sock.recv(258))
            except socket.timeout:
                adv = None
            now = time.time()
            if adv and adv[0] in tags:
                last_seen[adv[0]] = now
                if adv[0] not in present:
                    present.add(adv[0])
                    out.write(f"{int(now)} arrived {tags[adv[0]]} rssi={adv[1]}\n")
            for mac in list(present):
                if now - last_seen[mac] > args.away_after:
                    present.discard(mac)
                    out.write(f"{int(now)} left {tags[mac]}\n")


if __name__ == "__main__":
    main()

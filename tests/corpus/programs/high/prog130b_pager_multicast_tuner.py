#!/usr/bin/env python3
"""County paging multicast receiver.

County fire control republishes every alpha page on a multicast group on
the brigade WAN.  Bursts during major incidents overflow the default socket
buffers and pages get dropped, so before joining the group this checks the
kernel's receive buffer limits and raises them to what the feed needs.
Received pages are appended to a daily log for the station printer.
"""
import argparse
import configparser
import datetime as dt
import logging
import socket
import struct
import sys
from pathlib import Path

log = logging.getLogger("mcast-pager")

SYSCTL_ROOT = Path("/proc/sys")
WANTED = {                               # minimum values for a burst of ~400 pages
    "net/core/rmem_max": 8 * 1024 * 1024,
    "net/core/rmem_default": 1 * 1024 * 1024,
    "net/core/netdev_max_backlog": 5000,
    "net/ipv4/igmp_max_memberships": 40,
}


class KernelTuning:
    def __init__(self, wanted, root=SYSCTL_ROOT):
        self.wanted = wanted
        self.root = root

    def current(self, key):
        try:
            return int((self.root / key).read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def apply(self, key, value):
        path = self.root / key
        with open(path, "w") as fh:
            fh.write(f"{value}\n")

    def tune(self):
        changed, failed = [], []
        for key, wanted in self.wanted.items():
            have = self.current(key)
            if have is not None and have >= wanted:
                continue
            try:
                self.apply(key, wanted)
                changed.append(key)
            except PermissionError:
                failed.append(key)
        return changed, failed


def load_cfg(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"feed": {"group": "239.10.20.30", "port": "5140", "iface": "0.0.0.0",
                           "log_dir": "pages"}})
    cp.read(path)
    return cp["feed"]


def open_socket(group, port, iface, rcvbuf):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.bind(("", port))
    mreq = struct.pack("4s4s", socket.inet_aton(group), socket.inet_aton(iface))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
    return s


def receive(sock, log_dir):
    log_dir.mkdir(exist_ok=True)
    while True:
        data, src = sock.recvfrom(4096)
        text = data.decode("utf-8", "replace").strip()
        if not text:
            continue
        now = dt.datetime.now()
        day_file = log_dir / f"pages_{now:%Y%m%d}.log"
        with day_file.open("a") as fh:
            fh.write(f"{now:%H:%M:%S} {src[0]} {text}\n")
        log.info("page: %s", text[:80])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="mcast_pager.ini")
    ap.add_argument("--no-tune", action="store_true", help="skip kernel buffer checks")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_cfg(args.config)

    if not args.no_tune:
        changed, failed = KernelTuning(WANTED).tune()
        for key in changed:
            log.info("raised %s", key.replace("/", "."))
        for key in failed:
            log.warning("could not raise %s (not permitted); pages may drop in bursts",
                        key.replace("/", "."))

    try:
        sock = open_socket(cfg["group"], int(cfg["port"]), cfg["iface"], WANTED["net/core/rmem_max"])
    except OSError as exc:
        log.error("cannot join %s:%s: %s", cfg["group"], cfg["port"], exc)
        return 1
    log.info("joined %s:%s", cfg["group"], cfg["port"])
    try:
        receive(sock, Path(cfg["log_dir"]))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

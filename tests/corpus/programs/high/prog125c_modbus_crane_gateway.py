#!/usr/bin/env python3
"""Modbus/TCP gateway for tower and mobile crane LMI panels.

The LMI (rated capacity indicator) panels on our yard cranes are configured
to push their holding registers to port 502 on the yard server. This gateway
accepts those writes, decodes load / radius / slew / wind, and appends them
to ./lmi/<crane>.jsonl for the lift supervisor's dashboard.

Port 502 is privileged, so the gateway starts as root, binds, then runs as
an ordinary service account.

    modbus_crane_gateway.py --user cranegw --map cranes.json
"""
import argparse
import grp
import json
import logging
import os
import pwd
import socketserver
import struct
import sys
import time
from pathlib import Path

log = logging.getLogger("lmigw")

# holding-register layout used by the panels (16-bit words)
REGISTERS = {
    0: ("load_kg", 10),      # scaled x10
    1: ("radius_m", 100),    # scaled x100
    2: ("slew_deg", 10),
    3: ("wind_ms", 10),
    4: ("rci_pct", 1),
    5: ("hook_height_m", 100),
}

CRANE_MAP = {}
OUT_DIR = Path("lmi")


def decode_registers(start, values):
    out = {}
    for i, raw in enumerate(values):
        reg = start + i
        if reg in REGISTERS:
            name, scale = REGISTERS[reg]
            out[name] = raw / scale
    return out


class ModbusHandler(socketserver.BaseRequestHandler):
    """Handles function 16 (write multiple registers); everything else gets
    an illegal-function exception response."""

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.request.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("peer closed")
            buf += chunk
        return buf

    def handle(self):
        peer = self.client_address[0]
        crane = CRANE_MAP.get(peer, peer.replace(".", "_"))
        try:
            while True:
                tid, proto, length, unit = struct.unpack(">HHHB", self._recv_exact(7))
                pdu = self._recv_exact(length - 1)
                func = pdu[0]
                if func != 16:
                    self.request.sendall(struct.pack(">HHHBBB", tid, proto, 3, unit, func | 0x80, 1))
                    continue
                start, count, nbytes = struct.unpack(">HHB", pdu[1:6])
                values = struct.unpack(f">{count}H", pdu[6:6 + nbytes])
                record = decode_registers(start, values)
                record["ts"] = time.time()
                self.store(crane, record)
                self.request.sendall(struct.pack(">HHHBBHH", tid, proto, 6, unit, 16, start, count))
        except ConnectionError:
            pass
        except struct.error as exc:
            log.warning("%s: malformed frame (%s)", crane, exc)

    @staticmethod
    def store(crane, record):
        path = OUT_DIR / f"{crane}.jsonl"
        with path.open("a") as fh:
            fh.write(json.dumps(record) + "\n")
        if record.get("rci_pct", 0) >= 90:
            log.warning("%s at %.0f%% of rated capacity", crane, record["rci_pct"])


class Gateway(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def run_as(username):
    """Switch the process to the service account after the socket is bound."""
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", username, entry.pw_uid)


def main(argv=None):
    global OUT_DIR
    ap = argparse.ArgumentParser(description="Crane LMI Modbus/TCP gateway")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="cranegw")
    ap.add_argument("--map", default="cranes.json", help="JSON of panel IP -> crane name")
    ap.add_argument("--out", default=str(OUT_DIR))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    OUT_DIR = Path(args.out)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    if Path(args.map).exists():
        CRANE_MAP.update(json.loads(Path(args.map).read_text()))

    try:
        server = Gateway((args.listen, args.port), ModbusHandler)
    except PermissionError:
        log.error("cannot bind port %d - start as root", args.port)
        return 1

    if os.geteuid() == 0:
        entry = pwd.getpwnam(args.user)
        os.chown(OUT_DIR, entry.pw_uid, entry.pw_gid)
        run_as(args.user)

    log.info("listening on %s:%d for %d known panels", args.listen, args.port, len(CRANE_MAP))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

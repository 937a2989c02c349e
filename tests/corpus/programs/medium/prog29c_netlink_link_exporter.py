#!/usr/bin/env python3
"""Interface state exporter.

Subscribes to rtnetlink link/address notifications (no privileges needed)
and exposes the current interface table as JSON over HTTP so the fleet
dashboard can scrape it.
"""
import argparse
import json
import logging
import socket
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("linkexp")

RTMGRP_LINK = 0x1
RTMGRP_IPV4_IFADDR = 0x10
RTM_NEWLINK, RTM_DELLINK = 16, 17
RTM_NEWADDR, RTM_DELADDR = 20, 21
IFLA_IFNAME = 3
IFA_ADDRESS = 1
IFF_UP = 0x1
IFF_RUNNING = 0x40

NLMSGHDR = struct.Struct("=IHHII")
IFINFOMSG = struct.Struct("=BxHiII")
IFADDRMSG = struct.Struct("=BBBBI")
RTATTR = struct.Struct("=HH")


class LinkTable:
    def __init__(self):
        self._lock = threading.Lock()
        self._links = {}

    def update(self, index, **fields):
        with self._lock:
            entry = self._links.setdefault(index, {"addresses": []})
            entry.update(fields)
            entry["updated"] = time.time()

    def add_addr(self, index, addr, present):
        with self._lock:
            entry = self._links.setdefault(index, {"addresses": []})
            if present and addr not in entry["addresses"]:
                entry["addresses"].append(addr)
            elif not present and addr in entry["addresses"]:
                entry["addresses"].remove(addr)

    def remove(self, index):
        with self._lock:
            self._links.pop(index, None)

    def snapshot(self):
        with self._lock:
            return json.loads(json.dumps(self._links))


def parse_attrs(data, offset, end):
    attrs = {}
    while offset + RTATTR.size <= end:
        rta_len, rta_type = RTATTR.unpack_from(data, offset)
        if rta_len < RTATTR.size:
            break
        attrs[rta_type] = data[offset + RTATTR.size:offset + rta_len]
        offset += (rta_len + 3) & ~3
    return attrs


def handle_message(table, data, offset, msg_len, msg_type):
    body = offset + NLMSGHDR.size
    if msg_type in (RTM_NEWLINK, RTM_DELLINK):
        _fam, _type, index, flags, _chg = IFINFOMSG.unpack_from(data, body)
        if msg_type == RTM_DELLINK:
            table.remove(index)
            return
        attrs = parse_attrs(data, body + IFINFOMSG.size, offset + msg_len)
        name = attrs.get(IFLA_IFNAME, b"").rstrip(b"\0").decode()
        table.update(index, name=name, up=bool(flags & IFF_UP),
                     running=bool(flags & IFF_RUNNING))
    elif msg_type in (RTM_NEWADDR, RTM_DELADDR):
        family, _plen, _flags, _scope, index = IFADDRMSG.unpack_from(data, body)
        attrs = parse_attrs(data, body + IFADDRMSG.size, offset + msg_len)
        raw = attrs.get(IFA_ADDRESS)
        if raw and family == socket.AF_INET:
            table.add_addr(index, socket.inet_ntop(family, raw), msg_type == RTM_NEWADDR)


def netlink_loop(table):
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
    sock.bind((0, RTMGRP_LINK | RTMGRP_IPV4_IFADDR))
    for name_index in socket.if_nameindex():
        table.update(name_index[0], name=name_index[1])
    while True:
        data = sock.recv(65535)
        offset = 0
        while offset + NLMSGHDR.size <= len(data):
            msg_len, msg_type, _f, _seq, _pid = NLMSGHDR.unpack_from(data, offset)
            if msg_len < NLMSGHDR.size:
                break
            try:
                handle_message(table, data, offset, msg_len, msg_type)
            except struct.error as exc:
                LOG.debug("short message: %s", exc)
            offset += (msg_len + 3) & ~3


def make_handler(table):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path not in ("/", "/links"):
                self.send_error(404)
                return
            body = json.dumps(table.snapshot(), indent=2).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            LOG.debug("%s " + fmt, self.client_address[0], *args)
    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9113)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    table = LinkTable()
    threading.Thread(target=netlink_loop, args=(table,), daemon=True).start()
    server = ThreadingHTTPServer((args.listen, args.port), make_handler(table))
    LOG.info("serving interface table on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()

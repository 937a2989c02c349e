#!/usr/bin/env python3
"""Read-only Modbus/TCP proxy in front of the community battery inverter.

The aggregator and the co-op's own dashboard both want to poll the inverter,
but the inverter accepts a single Modbus client at a time and happily takes
write commands from anyone. This proxy accepts many clients, serialises their
requests onto one upstream connection, and only forwards read function codes
(1-4) unless the client address is on the write allow-list.
"""
import argparse
import ipaddress
import json
import logging
import socket
import socketserver
import struct
import sys
import threading
from pathlib import Path

log = logging.getLogger("modbus-proxy")

READ_CODES = {1, 2, 3, 4}
EXC_ILLEGAL_FUNCTION = 0x01
EXC_GATEWAY_TARGET = 0x0B


class Upstream:
    def __init__(self, host, port, timeout=3.0):
        self.addr = (host, port)
        self.timeout = timeout
        self.sock = None
        self.lock = threading.Lock()

    def _connect(self):
        self.sock = socket.create_connection(self.addr, timeout=self.timeout)

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("upstream closed")
            buf += chunk
        return buf

    def transact(self, frame):
        with self.lock:
            for attempt in (1, 2):
                try:
                    if self.sock is None:
                        self._connect()
                    self.sock.sendall(frame)
                    header = self._recv_exact(7)
                    length = struct.unpack(">H", header[4:6])[0]
                    return header + self._recv_exact(length - 1)
                except OSError as exc:
                    log.warning("upstream error (attempt %d): %s", attempt, exc)
                    if self.sock:
                        self.sock.close()
                    self.sock = None
            raise ConnectionError("upstream unavailable")


def exception_frame(req, code):
    tid, pid, _, unit, fc = struct.unpack(">HHHBB", req[:8])
    return struct.pack(">HHHBBB", tid, pid, 3, unit, fc | 0x80, code)


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        peer = ipaddress.ip_address(self.client_address[0])
        may_write = any(peer in net for net in self.server.write_nets)
        log.info("client %s connected (writes %s)", peer, "allowed" if may_write else "blocked")
        sock = self.request
        sock.settimeout(300)
        try:
            while True:
                header = sock.recv(7)
                if len(header) < 7:
                    break
                length = struct.unpack(">H", header[4:6])[0]
                body = sock.recv(length - 1)
                frame = header + body
                fc = body[0] if body else 0
                if fc not in READ_CODES and not may_write:
                    sock.sendall(exception_frame(frame, EXC_ILLEGAL_FUNCTION))
                    continue
                try:
                    sock.sendall(self.server.upstream.transact(frame))
                except ConnectionError:
                    sock.sendall(exception_frame(frame, EXC_GATEWAY_TARGET))
        except OSError as exc:
            log.debug("client %s: %s", peer, exc)
        log.info("client %s disconnected", peer)


class ProxyServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, listen, upstream, write_nets):
        super().__init__(listen, ModbusHandler)
        self.upstream = upstream
        self.write_nets = write_nets


def load_config(path):
    cfg = {"listen_host": "0.0.0.0", "listen_port": 1502,
           "inverter_host": "192.168.50.10", "inverter_port": 502,
           "write_allow": ["10.99.0.0/24"]}
    if Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="modbus-proxy.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    nets = [ipaddress.ip_network(n) for n in cfg["write_allow"]]
    upstream = Upstream(cfg["inverter_host"], cfg["inverter_port"])
    try:
        server = ProxyServer((cfg["listen_host"], cfg["listen_port"]), upstream, nets)
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", cfg["listen_host"], cfg["listen_port"], exc)
        return 1
    log.info("proxying %s:%s -> %s:%s", cfg["listen_host"], cfg["listen_port"],
             cfg["inverter_host"], cfg["inverter_port"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

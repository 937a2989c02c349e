#!/usr/bin/env python3
"""Read-only Modbus/TCP bridge in front of the community battery inverter.

The aggregator's SCADA insists on talking to port 502, the inverter accepts a
single Modbus client at a time and happily takes write commands from anyone.
This bridge listens on the standard port, serialises many clients onto one
upstream connection and only forwards read function codes (1-4) unless the
client address is on the write allow-list. It is started as root to get the
port and then continues as the unprivileged service account.
"""
import argparse
import grp
import ipaddress
import json
import logging
import os
import pwd
import socket
import socketserver
import struct
import sys
import threading
from pathlib import Path

log = logging.getLogger("modbus-bridge")

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


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, listen, upstream, write_nets):
        super().__init__(listen, ModbusHandler)
        self.upstream = upstream
        self.write_nets = write_nets


def become(account):
    """Continue as the service account once the listening socket is bound."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", account, pw.pw_uid)


def load_config(path):
    cfg = {"listen_host": "0.0.0.0", "listen_port": 502,
           "inverter_host": "192.168.50.10", "inverter_port": 502,
           "write_allow": ["10.99.0.0/24"], "service_user": "battgw"}
    if Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="/etc/battgw/modbus-bridge.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    nets = [ipaddress.ip_network(n) for n in cfg["write_allow"]]
    upstream = Upstream(cfg["inverter_host"], cfg["inverter_port"])
    try:
        server = BridgeServer((cfg["listen_host"], cfg["listen_port"]), upstream, nets)
    except PermissionError:
        if os.getuid() != 0 and not os.environ.get("BRIDGE_NO_ELEVATE"):
            log.info("port %s needs root, re-launching through sudo", cfg["listen_port"])
            os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__), *sys.argv[1:]])
        log.error("permission denied binding port %s", cfg["listen_port"])
        return 1
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", cfg["listen_host"], cfg["listen_port"], exc)
        return 1
    try:
        become(cfg["service_user"])
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", cfg["service_user"], exc)
        return 1
    log.info("bridging %s:%s -> %s:%s", cfg["listen_host"], cfg["listen_port"],
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

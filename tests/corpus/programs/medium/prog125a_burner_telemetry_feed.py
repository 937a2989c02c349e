#!/usr/bin/env python3
"""Burner telemetry feed for the chase-crew tablets.

Reads burner and envelope sensor frames from the basket logger (USB serial or
a replay file), normalises them and fans them out as JSON lines to any crew
tablet that connects on the field network.  Tablets join the launch-field
wifi and connect straight to port 7420; no pairing is needed.
"""

import argparse
import configparser
import json
import logging
import os
import socketserver
import threading
import time
from pathlib import Path

log = logging.getLogger("burner-feed")

DEFAULTS = {
    "relay": {
        "listen_host": "0.0.0.0",
        "listen_port": "7420",
        "source": "/dev/ttyACM0",
        "baud": "57600",
    },
}

FIELDS = ("ts", "burner1_psi", "burner2_psi", "envelope_c", "pilot_light", "alt_m")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
        log.info("loaded config %s", path)
    return cfg


def parse_frame(raw):
    """Logger frames are '$BRN,<ts>,<p1>,<p2>,<env>,<pilot>,<alt>*CS'."""
    raw = raw.strip()
    if not raw.startswith("$BRN,"):
        return None
    body = raw[5:].split("*", 1)[0]
    parts = body.split(",")
    if len(parts) != len(FIELDS):
        return None
    try:
        values = [float(parts[0]), float(parts[1]), float(parts[2]),
                  float(parts[3]), parts[4] == "1", float(parts[5])]
    except ValueError:
        return None
    return dict(zip(FIELDS, values))


def frame_source(source, baud):
    if source.startswith("/dev/"):
        import serial  # pyserial, only needed on the real logger
        with serial.Serial(source, baud, timeout=2) as port:
            while True:
                line = port.readline().decode("ascii", "replace")
                if line:
                    yield line
    else:
        with open(source, encoding="ascii", errors="replace") as fh:
            for line in fh:
                yield line
                time.sleep(0.1)


class Hub:
    def __init__(self):
        self._clients = set()
        self._lock = threading.Lock()

    def add(self, wfile):
        with self._lock:
            self._clients.add(wfile)

    def remove(self, wfile):
        with self._lock:
            self._clients.discard(wfile)

    def publish(self, frame):
        data = (json.dumps(frame) + "\n").encode()
        with self._lock:
            dead = []
            for w in self._clients:
                try:
                    w.write(data)
                    w.flush()
                except OSError:
                    dead.append(w)
            for w in dead:
                self._clients.discard(w)


class TabletHandler(socketserver.StreamRequestHandler):
    def handle(self):
        hub = self.server.hub
        hub.add(self.wfile)
        log.info("tablet connected from %s", self.client_address[0])
        try:
            while self.rfile.readline():
                pass
        finally:
            hub.remove(self.wfile)
            log.info("tablet %s gone", self.client_address[0])


class ThreadedServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=os.path.expanduser("~/.config/burner-feed.ini"))
    ap.add_argument("--source", help="serial device or replay file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    source = args.source or cfg["relay"]["source"]

    server = ThreadedServer((cfg["relay"]["listen_host"], cfg.getint("relay", "listen_port")),
                            TabletHandler)
    server.hub = Hub()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    log.info("serving tablets on %s:%s", *server.server_address)

    bad = 0
    try:
        for line in frame_source(source, cfg.getint("relay", "baud")):
            frame = parse_frame(line)
            if frame is None:
                bad += 1
                if bad % 50 == 0:
                    log.warning("%d unparseable frames so far", bad)
                continue
            server.hub.publish(frame)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()

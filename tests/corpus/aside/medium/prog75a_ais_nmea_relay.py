#!/usr/bin/env python3
"""
ais_relay -- take AIVDM sentences from a local AIS receiver and share them.

The receiver (dAISy, Quark-elec, rtl-ais ...) is configured to push NMEA 0183
over UDP to this host.  The relay:

  * validates the checksum of every !AIVDM / !AIVDO sentence,
  * re-serves the stream on TCP port 10110 so chart plotters on the marina
    network (OpenCPN, Navionics, Aqua Map) can connect,
  * batches sentences and posts them to the aggregator's ingest API.

Station settings live in ais_relay.json next to the script; the API key comes
from AIS_AGGREGATOR_KEY.
"""

import argparse
import json
import logging
import os
import queue
import socket
import socketserver
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("ais_relay")

DEFAULTS = {
    "station": "marina-north",
    "lat": 0.0,
    "lon": 0.0,
    "udp_listen": ["127.0.0.1", 10111],
    "tcp_serve": ["0.0.0.0", 10110],
    "aggregator": "https://ingest.aishub-relay.net/v2",
    "batch_seconds": 10,
}


def nmea_ok(sentence):
    if not sentence or sentence[0] not in "!$" or "*" not in sentence:
        return False
    body, _, given = sentence[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    return f"{calc:02X}" == given[:2].upper()


class Fanout:
    """Keeps one queue per connected TCP client."""

    def __init__(self):
        self._clients = set()
        self._lock = threading.Lock()

    def add(self):
        q = queue.Queue(maxsize=2000)
        with self._lock:
            self._clients.add(q)
        return q

    def remove(self, q):
        with self._lock:
            self._clients.discard(q)

    def publish(self, line):
        with self._lock:
            for q in list(self._clients):
                try:
                    q.put_nowait(line)
                except queue.Full:
                    pass


class PlotterHandler(socketserver.BaseRequestHandler):
    def handle(self):
        q = self.server.fanout.add()
        log.info("plotter connected from %s", self.client_address[0])
        try:
            while True:
                line = q.get()
                self.request.sendall((line + "\r\n").encode("ascii"))
        except OSError:
            pass
        finally:
            self.server.fanout.remove(q)
            log.info("plotter %s left", self.client_address[0])


class PlotterServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


class Uplink(threading.Thread):
    def __init__(self, cfg, session):
        super().__init__(name="uplink", daemon=True)
        self.cfg = cfg
        self.session = session
        self.pending = []
        self.lock = threading.Lock()

    def push(self, line):
        with self.lock:
            self.pending.append(line)

    def register(self):
        payload = {"station": self.cfg["station"],
                   "position": [self.cfg["lat"], self.cfg["lon"]],
                   "software": "ais_relay/1.4"}
        r = self.session.post(f"{self.cfg['aggregator']}/stations", json=payload, timeout=15)
        r.raise_for_status()
        log.info("registered station %s", self.cfg["station"])

    def run(self):
        for attempt in range(5):
            try:
                self.register()
                break
            except requests.RequestException as exc:
                log.warning("register failed (%s), retry %d", exc, attempt + 1)
                time.sleep(5 * (attempt + 1))
        while True:
            time.sleep(self.cfg["batch_seconds"])
            with self.lock:
                batch, self.pending = self.pending, []
            if not batch:
                continue
            try:
                r = self.session.post(f"{self.cfg['aggregator']}/nmea",
                                      json={"station": self.cfg["station"], "lines": batch},
                                      timeout=20)
                r.raise_for_status()
                log.debug("uploaded %d sentences", len(batch))
            except requests.RequestException as exc:
                log.warning("upload failed, requeueing %d: %s", len(batch), exc)
                with self.lock:
                    self.pending[:0] = batch[-5000:]


def load_config(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    return cfg


def main():
    ap = argparse.ArgumentParser(description="AIS NMEA relay")
    ap.add_argument("--config", type=Path, default=Path(__file__).with_name("ais_relay.json"))
    ap.add_argument("--no-uplink", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    fanout = Fanout()
    server = PlotterServer(tuple(cfg["tcp_serve"]), PlotterHandler)
    server.fanout = fanout
    threading.Thread(target=server.serve_forever, name="plotters", daemon=True).start()
    log.info("serving plotters on %s:%d", *cfg["tcp_serve"])

    uplink = None
    if not args.no_uplink:
        key = os.environ.get("AIS_AGGREGATOR_KEY")
        if not key:
            sys.exit("AIS_AGGREGATOR_KEY is not set (use --no-uplink for local only)")
        session = requests.Session()
        session.headers.update({"X-Api-Key": key})
        uplink = Uplink(cfg, session)
        uplink.start()

    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(tuple(cfg["udp_listen"]))
    good = bad = 0
    while True:
        data, _ = udp.recvfrom(4096)
        for line in data.decode("ascii", "replace").splitlines():
            line = line.strip()
            if not nmea_ok(line):
                bad += 1
                continue
            good += 1
            fanout.publish(line)
            if uplink:
                uplink.push(line)
        if (good + bad) % 1000 == 0:
            log.info("sentences ok=%d bad=%d", good, bad)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass

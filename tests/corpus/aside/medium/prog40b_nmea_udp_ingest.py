#!/usr/bin/env python3
"""Collect NMEA sentences pushed over UDP by in-cab GPS trackers.

Trackers on the depot Wi-Fi push $GPRMC sentences to this collector.  The
latest fix per tracker is kept in memory and checkpointed to disk so a
restart does not lose the last known positions.
"""
import argparse
import logging
import pickle
import signal
import socketserver
import threading
import time
from pathlib import Path

LOG = logging.getLogger("nmea_ingest")
CHECKPOINT = Path("last_fixes.pkl")


def nmea_checksum_ok(sentence: str) -> bool:
    if "*" not in sentence:
        return False
    body, _, given = sentence.lstrip("$").partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    return f"{calc:02X}" == given.strip().upper()[:2]


def dm_to_deg(value: str, hemi: str) -> float:
    if not value:
        return float("nan")
    head = 2 if hemi in "NS" else 3
    deg = int(value[:head]) + float(value[head:]) / 60.0
    return -deg if hemi in "SW" else deg


class FixStore:
    def __init__(self, path: Path):
        self.path = path
        self.lock = threading.Lock()
        self.fixes = {}
        if path.exists():
            with path.open("rb") as fh:
                self.fixes = pickle.load(fh)
            LOG.info("restored %d fixes from %s", len(self.fixes), path)

    def update(self, tracker: str, fix: dict):
        with self.lock:
            self.fixes[tracker] = fix

    def checkpoint(self):
        with self.lock:
            snapshot = dict(self.fixes)
        tmp = self.path.with_suffix(".part")
        with tmp.open("wb") as fh:
            pickle.dump(snapshot, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)


class NmeaHandler(socketserver.BaseRequestHandler):
    def handle(self):
        data, _sock = self.request
        tracker = self.client_address[0]
        for line in data.decode("ascii", errors="replace").splitlines():
            if not line.startswith("$GPRMC") or not nmea_checksum_ok(line):
                continue
            f = line.split("*")[0].split(",")
            if len(f) < 10 or f[2] != "A":
                continue
            self.server.store.update(tracker, {
                "lat": dm_to_deg(f[3], f[4]), "lon": dm_to_deg(f[5], f[6]),
                "knots": float(f[7] or 0), "utc": f[1], "seen": time.time()})


def checkpoint_loop(store: FixStore, every: float, stop: threading.Event):
    while not stop.wait(every):
        try:
            store.checkpoint()
        except OSError as exc:
            LOG.error("checkpoint failed: %s", exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=10110)
    ap.add_argument("--interval", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    store = FixStore(CHECKPOINT)
    stop = threading.Event()
    server = socketserver.ThreadingUDPServer(("0.0.0.0", args.port), NmeaHandler)
    server.store = store
    threading.Thread(target=checkpoint_loop, args=(store, args.interval, stop),
                     daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    LOG.info("listening for NMEA on udp/%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        store.checkpoint()
        server.server_close()
        LOG.info("stopped with %d trackers known", len(store.fixes))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Collect raw telematics datagrams from the yard gateway.

The depot's LoRa/cellular gateway forwards one UDP datagram per machine
report (fleet number, engine hours, fuel level, GNSS fix) in a small
key=value text format.  At shift change two hundred machines report at
once, so the collector asks for a large receive buffer before binding.
"""
import argparse
import json
import logging
import signal
import socket
import sys
import threading
import queue
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("udpcollect")

WANTED_BUFFER = 8 * 1024 * 1024


def tune_receive_buffers(size):
    """Raise the kernel ceiling so SO_RCVBUF can actually take effect."""
    knobs = {
        Path("/proc/sys/net/core/rmem_max"): size,
        Path("/proc/sys/net/core/rmem_default"): size // 4,
    }
    for knob, value in knobs.items():
        try:
            current = int(knob.read_text().strip())
            if current < value:
                knob.write_text(f"{value}\n")
                log.info("%s: %d -> %d", knob, current, value)
        except (OSError, ValueError) as exc:
            log.warning("could not tune %s: %s", knob, exc)


def parse_report(payload):
    fields = dict(
        part.split("=", 1) for part in payload.decode("ascii", "replace").split(";")
        if "=" in part)
    return {
        "fleet_no": fields.get("id", "?"),
        "hours": float(fields.get("eh", "nan")),
        "fuel_pct": float(fields.get("fl", "nan")),
        "lat": float(fields.get("la", "nan")),
        "lon": float(fields.get("lo", "nan")),
    }


class Collector:
    def __init__(self, host, port, out_path):
        self.addr = (host, port)
        self.out_path = Path(out_path)
        self.q = queue.Queue(maxsize=10000)
        self.stop = threading.Event()
        self.received = 0
        self.bad = 0

    def open_socket(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANTED_BUFFER)
        sock.settimeout(1.0)
        sock.bind(self.addr)
        got = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
        log.info("listening on %s:%d (rcvbuf %d)", *self.addr, got)
        return sock

    def receiver(self, sock):
        while not self.stop.is_set():
            try:
                data, peer = sock.recvfrom(2048)
            except socket.timeout:
                continue
            self.received += 1
            try:
                self.q.put_nowait((datetime.now(timezone.utc), peer[0], data))
            except queue.Full:
                log.warning("queue full, dropping report from %s", peer[0])

    def writer(self):
        with open(self.out_path, "a", encoding="utf-8") as fh:
            while not (self.stop.is_set() and self.q.empty()):
                try:
                    ts, peer, data = self.q.get(timeout=1.0)
                except queue.Empty:
                    continue
                try:
                    rec = parse_report(data)
                except ValueError:
                    self.bad += 1
                    continue
                rec.update(ts=ts.isoformat(), gateway=peer)
                fh.write(json.dumps(rec) + "\n")
                fh.flush()

    def run(self):
        sock = self.open_socket()
        threads = [threading.Thread(target=self.receiver, args=(sock,), daemon=True),
                   threading.Thread(target=self.writer, daemon=True)]
        for t in threads:
            t.start()
        self.stop.wait()
        for t in threads:
            t.join(timeout=5)
        sock.close()
        log.info("received %d reports, %d unparseable", self.received, self.bad)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=47810)
    ap.add_argument("--out", default="telematics_reports.ndjson")
    ap.add_argument("--no-tune", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_tune:
        tune_receive_buffers(WANTED_BUFFER)
    collector = Collector(args.host, args.port, args.out)
    signal.signal(signal.SIGINT, lambda *_: collector.stop.set())
    signal.signal(signal.SIGTERM, lambda *_: collector.stop.set())
    try:
        collector.run()
    except OSError as exc:
        log.error("collector failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Ticket relay between the order tablets and the kitchen printers.

Tablets send raw ESC/POS ticket data to this relay; each job is queued and
forwarded to the thermal printer for its station (kitchen, drinks, front)
over port 9100, with retries when the printer is busy or out of paper.
Printers and stations come from printers.json.
"""
import argparse
import json
import logging
import queue
import socket
import socketserver
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("ticketrelay")

ESC_INIT = b"\x1b@"
CUT = b"\x1dV\x42\x00"

DEFAULT_CONFIG = {
    "listen_host": "0.0.0.0",
    "listen_port": 9515,
    "stations": {"kitchen": "192.168.8.31", "drinks": "192.168.8.32", "front": "192.168.8.33"},
    "default_station": "kitchen",
    "job_log": "relay_jobs.jsonl",
}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        cfg.update(json.loads(path.read_text(encoding="utf-8")))
    return cfg


class PrinterWorker(threading.Thread):
    """One worker per station so a jammed printer only holds up its own tickets."""

    def __init__(self, station: str, address: str, job_log: Path):
        super().__init__(name=f"printer-{station}", daemon=True)
        self.station, self.address, self.job_log = station, address, job_log
        self.jobs = queue.Queue()

    def run(self) -> None:
        while True:
            ticket, origin = self.jobs.get()
            ok = self._send(ticket)
            with self.job_log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"ts": time.time(), "station": self.station, "from": origin,
                                     "bytes": len(ticket), "printed": ok}) + "\n")
            self.jobs.task_done()

    def _send(self, ticket: bytes) -> bool:
        payload = ESC_INIT + ticket + (b"" if ticket.endswith(CUT) else b"\n\n\n" + CUT)
        for attempt in range(1, 6):
            try:
                with socket.create_connection((self.address, 9100), timeout=5) as sock:
                    sock.sendall(payload)
                log.info("%s: printed %d bytes", self.station, len(payload))
                return True
            except OSError as exc:
                log.warning("%s: attempt %d failed: %s", self.station, attempt, exc)
                time.sleep(attempt * 2)
        log.error("%s: giving up on ticket", self.station)
        return False


class TicketHandler(socketserver.StreamRequestHandler):
    timeout = 10

    def handle(self) -> None:
        # First line names the station ("@kitchen"), the rest is the ticket.
        first = self.rfile.readline(64)
        if first.startswith(b"@"):
            station = first[1:].strip().decode("ascii", "replace")
            body = self.rfile.read()
        else:
            station = self.server.default_station
            body = first + self.rfile.read()
        worker = self.server.workers.get(station)
        if worker is None:
            log.warning("unknown station %r from %s", station, self.client_address[0])
            self.wfile.write(b"ERR unknown station\n")
            return
        worker.jobs.put((body, self.client_address[0]))
        self.wfile.write(b"OK queued\n")


class RelayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, address, workers: dict, default_station: str):
        self.workers = workers
        self.default_station = default_station
        super().__init__(address, TicketHandler)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("printers.json"))
    ap.add_argument("--port", type=int, help="override listen port")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    cfg = load_config(args.config)
    job_log = Path(cfg["job_log"])
    workers = {name: PrinterWorker(name, addr, job_log) for name, addr in cfg["stations"].items()}
    for w in workers.values():
        w.start()
    address = (cfg["listen_host"], args.port or int(cfg["listen_port"]))
    try:
        server = RelayServer(address, workers, cfg["default_station"])
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", *address, exc)
        return 1
    log.info("relay listening on %s:%s for %d stations", *address, len(workers))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

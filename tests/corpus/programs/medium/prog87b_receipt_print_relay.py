#!/usr/bin/env python3
"""Print relay between the salon tablets and the front-desk receipt printer.

The booking tablets at each styling station print service tickets and
retail receipts to this relay. It accepts the raw ESC/POS jobs, queues
them and forwards them one at a time to the thermal printer on the front
desk, so two stations printing at once never interleave their tickets.

    receipt_print_relay.py --printer 192.168.20.31:9100
"""
import argparse
import logging
import queue
import socket
import socketserver
import sys
import threading
import time

log = logging.getLogger("print_relay")

JOB_LIMIT = 256 * 1024
CUT = b"\x1dV\x41\x03"


class Spooler(threading.Thread):
    def __init__(self, printer: tuple):
        super().__init__(daemon=True, name="spooler")
        self.printer = printer
        self.jobs: "queue.Queue[tuple[str, bytes]]" = queue.Queue()

    def run(self) -> None:
        while True:
            origin, data = self.jobs.get()
            for attempt in range(5):
                try:
                    with socket.create_connection(self.printer, timeout=10) as dev:
                        dev.sendall(data)
                        if not data.endswith(CUT):
                            dev.sendall(CUT)
                    log.info("printed %d bytes from %s", len(data), origin)
                    break
                except OSError as exc:
                    log.warning("printer busy (%s), retry %d", exc, attempt + 1)
                    time.sleep(2)
            else:
                log.error("dropped job from %s", origin)


class JobHandler(socketserver.StreamRequestHandler):
    timeout = 20

    def handle(self) -> None:
        chunks, size = [], 0
        while size < JOB_LIMIT:
            buf = self.rfile.read1(8192)
            if not buf:
                break
            chunks.append(buf)
            size += len(buf)
        if chunks:
            self.server.spooler.jobs.put((self.client_address[0], b"".join(chunks)))


class RelayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, spooler: Spooler):
        super().__init__(addr, JobHandler)
        self.spooler = spooler


def main() -> int:
    ap = argparse.ArgumentParser(description="salon receipt print relay")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9515)
    ap.add_argument("--printer", default="192.168.20.31:9100", help="host:port")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    host, _, pport = args.printer.rpartition(":")
    spooler = Spooler((host, int(pport or 9100)))
    try:
        server = RelayServer((args.listen, args.port), spooler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1

    spooler.start()
    log.info("listening on %s:%d -> %s", args.listen, args.port, args.printer)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

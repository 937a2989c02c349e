#!/usr/bin/env python3
"""LPD-style bridge between the salon tablets and the USB receipt printer.

The booking tablets at each styling station print service tickets and
retail receipts on the classic LPD port. This bridge accepts the raw
ESC/POS jobs, queues them and forwards them one at a time to the thermal
printer on the front desk. It binds the port first, then continues as the
unprivileged 'salonpos' account.

    receipt_printer_bridge.py --printer 192.168.20.31:9100 --user salonpos
"""
import argparse
import logging
import os
import pwd
import queue
import socket
import socketserver
import sys
import threading
import time

log = logging.getLogger("printer_bridge")

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


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, spooler: Spooler):
        super().__init__(addr, JobHandler)
        self.spooler = spooler


def become(user: str) -> None:
    """Continue as the service account once the port is bound."""
    pw = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", user, os.getuid())


def main() -> int:
    ap = argparse.ArgumentParser(description="salon receipt printer bridge")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--printer", default="192.168.20.31:9100", help="host:port")
    ap.add_argument("--user", default="salonpos")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    host, _, pport = args.printer.rpartition(":")
    spooler = Spooler((host, int(pport or 9100)))
    try:
        server = BridgeServer((args.listen, args.port), spooler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1

    if args.user and pwd.getpwuid(os.getuid()).pw_name != args.user:
        try:
            become(args.user)
        except (KeyError, PermissionError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            server.server_close()
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

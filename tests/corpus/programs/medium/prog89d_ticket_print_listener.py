#!/usr/bin/env python3
"""Pawn ticket print listener for the back-counter receipt printer.

The tablet app at the counter cannot talk to CUPS directly, so it sends
ticket jobs over TCP as one JSON header line followed by the raw ESC/POS
body. This listener checks the header, spools the body to a temp file
and hands it to `lp` for the configured raw queue.

Config (ticket_printer.json):
    {"port": 9101, "queue": "EPSON_TM_T88", "max_bytes": 262144}
"""
import argparse
import json
import logging
import os
import socketserver
import subprocess
import tempfile
import threading
from pathlib import Path

log = logging.getLogger("ticket_listener")

DEFAULTS = {"listen": "0.0.0.0", "port": 9101, "queue": "EPSON_TM_T88",
            "max_bytes": 256 * 1024, "copies_max": 3}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    return cfg


class TicketHandler(socketserver.StreamRequestHandler):
    timeout = 15

    def _reply(self, status: str, **extra) -> None:
        self.wfile.write((json.dumps({"status": status, **extra}) + "\n").encode())

    def handle(self) -> None:
        peer = self.client_address[0]
        try:
            header = json.loads(self.rfile.readline(4096) or b"{}")
        except json.JSONDecodeError:
            self._reply("error", reason="bad header")
            return
        op = header.get("op", "print")
        if op == "ping":
            self._reply("ok", queue=self.server.cfg["queue"])
            return
        if op != "print":
            self._reply("error", reason=f"unknown op {op}")
            return
        self._print_job(peer, header)

    def _print_job(self, peer: str, header: dict) -> None:
        cfg = self.server.cfg
        length = int(header.get("length", 0))
        if not 0 < length <= cfg["max_bytes"]:
            self._reply("error", reason="bad length")
            return
        body = self.rfile.read(length)
        if len(body) != length:
            self._reply("error", reason="short body")
            return
        copies = max(1, min(int(header.get("copies", 1)), cfg["copies_max"]))
        ticket = str(header.get("ticket", "?"))[:16]
        with tempfile.NamedTemporaryFile(prefix="ticket_", suffix=".bin", delete=False) as fh:
            fh.write(body)
            spool = fh.name
        try:
            proc = subprocess.run(
                ["lp", "-d", cfg["queue"], "-o", "raw", "-n", str(copies),
                 "-t", f"ticket-{ticket}", spool],
                capture_output=True, text=True, timeout=30)
        finally:
            os.unlink(spool)
        if proc.returncode == 0:
            log.info("%s printed ticket %s x%d: %s", peer, ticket, copies, proc.stdout.strip())
            self._reply("ok", job=proc.stdout.strip())
        else:
            log.error("lp failed for ticket %s: %s", ticket, proc.stderr.strip())
            self._reply("error", reason="printer rejected job")


class TicketServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, cfg: dict):
        self.cfg = cfg
        super().__init__((cfg["listen"], cfg["port"]), TicketHandler)


def main() -> None:
    ap = argparse.ArgumentParser(description="receive pawn ticket print jobs")
    ap.add_argument("-c", "--config", type=Path, default=Path("ticket_printer.json"))
    ap.add_argument("--log-file", default="ticket_listener.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log_file, level=logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")
    cfg = load_config(args.config)
    server = TicketServer(cfg)
    log.info("listening on %s:%d for queue %s", cfg["listen"], cfg["port"], cfg["queue"])
    worker = threading.Thread(target=server.serve_forever, name="ticket-srv", daemon=True)
    worker.start()
    try:
        worker.join()
    except KeyboardInterrupt:
        log.info("shutting down")
        server.shutdown()


if __name__ == "__main__":
    main()

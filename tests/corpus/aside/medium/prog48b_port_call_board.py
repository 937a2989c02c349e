#!/usr/bin/env python3
"""Harbour master's port-call board.

Parses the port-call notices (XML, exported by the agents' booking system
into ./notices) and serves a small JSON board that the berth screens on the
quay poll every minute.
"""
import argparse
import json
import logging
import threading
import time
import xml.sax
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from xml.sax.handler import feature_external_ges, feature_external_pes

log = logging.getLogger("portcalls")


class PortCallHandler(xml.sax.ContentHandler):
    FIELDS = {"vesselName", "imo", "berth", "eta", "etd", "draught", "agent"}

    def __init__(self):
        super().__init__()
        self.calls, self._current, self._field, self._buf = [], None, None, []

    def startElement(self, name, attrs):
        if name == "portCall":
            self._current = {"status": attrs.get("status", "planned")}
        elif self._current is not None and name in self.FIELDS:
            self._field, self._buf = name, []

    def characters(self, content):
        if self._field:
            self._buf.append(content)

    def endElement(self, name):
        if name == self._field:
            self._current[name] = "".join(self._buf).strip()
            self._field = None
        elif name == "portCall" and self._current is not None:
            self.calls.append(self._current)
            self._current = None


def parse_notice(path):
    parser = xml.sax.make_parser()
    # agents' files pull shared berth definitions in via DTD entities
    parser.setFeature(feature_external_ges, True)
    parser.setFeature(feature_external_pes, True)
    handler = PortCallHandler()
    parser.setContentHandler(handler)
    parser.parse(str(path))
    return handler.calls


class Board:
    def __init__(self, folder):
        self.folder = Path(folder)
        self.lock = threading.Lock()
        self.calls = []

    def refresh(self):
        calls = []
        for notice in sorted(self.folder.glob("*.xml")):
            try:
                calls.extend(parse_notice(notice))
            except xml.sax.SAXException as exc:
                log.warning("skipping %s: %s", notice.name, exc)
        calls.sort(key=lambda c: c.get("eta", ""))
        with self.lock:
            self.calls = calls
        log.info("board refreshed: %d calls", len(calls))

    def snapshot(self):
        with self.lock:
            return list(self.calls)


def make_handler(board):
    class BoardHTTP(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path not in ("/", "/calls.json"):
                self.send_error(404)
                return
            body = json.dumps({"generated": time.time(), "calls": board.snapshot()}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug(fmt, *args)
    return BoardHTTP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--notices", default="notices")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--every", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    board = Board(args.notices)
    board.refresh()

    def refresher():
        while True:
            time.sleep(args.every)
            board.refresh()

    threading.Thread(target=refresher, daemon=True).start()
    server = ThreadingHTTPServer(("0.0.0.0", args.port), make_handler(board))
    log.info("serving berth board on port %d", args.port)
    server.serve_forever()


if __name__ == "__main__":
    main()

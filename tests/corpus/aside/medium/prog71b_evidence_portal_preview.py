#!/usr/bin/env python3
"""Preview portal for an audit evidence folder.

Lets the external audit team browse the evidence collected for a request
during a walkthrough session, straight from the collector's workstation,
without first uploading it to the GRC platform.  Every request is written to
an access log kept with the evidence so the session itself is documented.
"""
import argparse
import datetime as dt
import functools
import json
import logging
import os
import signal
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("evidence-preview")

SETTINGS_FILE = "preview.json"
DEFAULTS = {"listen": "0.0.0.0", "port": 8088, "session_minutes": 90}


class EvidenceHandler(SimpleHTTPRequestHandler):
    access_log = None
    hidden_prefixes = (".", "_staging")

    def list_directory(self, path):
        entries = [e for e in os.listdir(path) if not e.startswith(self.hidden_prefixes)]
        if len(entries) == 0:
            self.send_error(404, "empty folder")
            return None
        return super().list_directory(path)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, fmt, *args):
        line = {
            "ts": dt.datetime.now(dt.timezone.utc).isoformat(),
            "client": self.client_address[0],
            "request": self.requestline,
            "detail": fmt % args,
        }
        if self.access_log:
            with self.access_log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(line) + "\n")
        LOG.info("%s %s", line["client"], self.requestline)


def load_settings(folder):
    settings = dict(DEFAULTS)
    path = folder / SETTINGS_FILE
    if path.exists():
        try:
            settings.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            LOG.warning("ignoring %s: %s", path, exc)
    return settings


def session_timer(server, minutes):
    def _expire():
        LOG.info("session window of %d minutes elapsed, closing portal", minutes)
        server.shutdown()
    timer = threading.Timer(minutes * 60, _expire)
    timer.daemon = True
    timer.start()
    return timer


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, help="evidence folder for the request")
    ap.add_argument("--port", type=int)
    ap.add_argument("--listen")
    ap.add_argument("--minutes", type=int)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.folder.resolve()
    if not folder.is_dir():
        LOG.error("%s is not a folder", folder)
        return 2
    settings = load_settings(folder)
    listen = args.listen or settings["listen"]
    port = args.port or int(settings["port"])
    minutes = args.minutes or int(settings["session_minutes"])

    EvidenceHandler.access_log = folder.parent / f"{folder.name}_access.jsonl"
    handler = functools.partial(EvidenceHandler, directory=str(folder))
    try:
        server = ThreadingHTTPServer((listen, port), handler)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", listen, port, exc)
        return 1

    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    session_timer(server, minutes)
    LOG.info("serving %s on http://%s:%d/ for %d minutes", folder, listen, port, minutes)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    LOG.info("portal closed; access log at %s", EvidenceHandler.access_log)
    return 0


if __name__ == "__main__":
    sys.exit(main())

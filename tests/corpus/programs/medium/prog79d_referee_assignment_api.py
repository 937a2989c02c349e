#!/usr/bin/env python3
"""Referee assignment API for the county league.

Small JSON API the appointments secretary's spreadsheet and the referees'
phones talk to:

    GET  /fixtures              upcoming fixtures with assigned officials
    GET  /referees/<id>/games   one referee's appointments
    POST /assign                {"fixture": id, "referee": id, "role": "R|AR1|AR2"}

Data lives in ./assignments.json. Run it from the appointments secretary's
account on the clubhouse PC; phones on the clubhouse wifi reach it on
--port.
"""
import argparse
import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("ref-assign")

DATA = Path("assignments.json")
ROLES = {"R", "AR1", "AR2", "4TH"}
_lock = threading.Lock()


def load():
    if DATA.exists():
        return json.loads(DATA.read_text())
    return {"fixtures": [], "referees": [], "assignments": []}


def save(db):
    tmp = DATA.with_suffix(".tmp")
    tmp.write_text(json.dumps(db, indent=2))
    tmp.replace(DATA)


class Handler(BaseHTTPRequestHandler):
    server_version = "RefAssign/1.3"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        db = load()
        parts = [p for p in self.path.split("/") if p]
        if parts == ["fixtures"]:
            by_fixture = {}
            for a in db["assignments"]:
                by_fixture.setdefault(a["fixture"], []).append(a)
            out = [dict(f, officials=by_fixture.get(f["id"], [])) for f in db["fixtures"]]
            return self._send(200, out)
        if len(parts) == 3 and parts[0] == "referees" and parts[2] == "games":
            games = [a for a in db["assignments"] if str(a["referee"]) == parts[1]]
            return self._send(200, games)
        self._send(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/assign":
            return self._send(404, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
            req = json.loads(self.rfile.read(length))
            fixture, referee, role = req["fixture"], req["referee"], req["role"]
        except (ValueError, KeyError) as exc:
            return self._send(400, {"error": f"bad request: {exc}"})
        if role not in ROLES:
            return self._send(400, {"error": f"role must be one of {sorted(ROLES)}"})
        with _lock:
            db = load()
            clash = [a for a in db["assignments"]
                     if a["fixture"] == fixture and a["role"] == role]
            for a in clash:
                db["assignments"].remove(a)
            db["assignments"].append({"fixture": fixture, "referee": referee, "role": role})
            save(db)
        log.info("fixture %s: %s -> %s", fixture, role, referee)
        self._send(201, {"ok": True})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Referee assignment API")
    ap.add_argument("--port", type=int, default=8088)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = ThreadingHTTPServer(("0.0.0.0", args.port), Handler)
    log.info("listening on :%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()

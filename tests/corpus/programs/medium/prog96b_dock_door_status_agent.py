#!/usr/bin/env python3
"""Dock door status agent.

Runs on the small PC beside each bank of dock doors.  It pulls the door
appointments for the next few hours from the WMS, keeps a local copy so the
yard display keeps working when the WMS is unreachable, and serves a tiny
JSON/HTML status page that the yard tablets and the gate house poll.
"""
import argparse
import configparser
import html
import json
import logging
import os
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("dockagent")

DEFAULTS = {
    "wms_url": "https://wms.internal.example-forwarding.com",
    "site": "DC01",
    "window_hours": "6",
    "poll_seconds": "60",
    "bind": "0.0.0.0",
    "port": "8088",
    "state_file": "dock_state.json",
}


def load_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read([path, os.path.expanduser("~/.config/dockagent.ini")])
    return cp["agent"] if cp.has_section("agent") else cp["DEFAULT"]


class ScheduleCache:
    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()
        self.data = {"doors": {}, "updated": None, "stale": True}
        if self.path.exists():
            try:
                self.data = json.loads(self.path.read_text())
                self.data["stale"] = True
            except (OSError, ValueError) as exc:
                log.warning("ignoring unreadable state file: %s", exc)

    def update(self, appointments):
        doors = {}
        for appt in appointments:
            doors.setdefault(str(appt["door"]), []).append({
                "ref": appt.get("shipment_ref"),
                "carrier": appt.get("carrier"),
                "start": appt.get("start"),
                "end": appt.get("end"),
                "status": appt.get("status", "booked"),
            })
        for slots in doors.values():
            slots.sort(key=lambda s: s["start"] or "")
        with self.lock:
            self.data = {"doors": doors, "stale": False,
                         "updated": datetime.now(timezone.utc).isoformat()}
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.data, indent=1))
            tmp.replace(self.path)

    def mark_stale(self):
        with self.lock:
            self.data["stale"] = True

    def snapshot(self):
        with self.lock:
            return json.loads(json.dumps(self.data))


def fetch_schedule(base_url, site, hours, token, timeout=15):
    url = f"{base_url.rstrip('/')}/api/v1/sites/{site}/dock-appointments?window={hours}h"
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)["appointments"]


class Poller(threading.Thread):
    def __init__(self, cfg, cache, token):
        super().__init__(name="poller", daemon=True)
        self.cfg, self.cache, self.token = cfg, cache, token
        self.stop = threading.Event()

    def run(self):
        delay = int(self.cfg["poll_seconds"])
        failures = 0
        while not self.stop.is_set():
            try:
                appts = fetch_schedule(self.cfg["wms_url"], self.cfg["site"],
                                       self.cfg["window_hours"], self.token)
                self.cache.update(appts)
                failures = 0
                log.debug("schedule refreshed: %d appointments", len(appts))
            except (urllib.error.URLError, OSError, KeyError, ValueError) as exc:
                failures += 1
                self.cache.mark_stale()
                log.warning("WMS poll failed (%d in a row): %s", failures, exc)
            self.stop.wait(min(delay * (2 ** min(failures, 4)), 900))


def make_handler(cache, site):
    class Handler(BaseHTTPRequestHandler):
        server_version = "dockagent/1.7"

        def log_message(self, fmt, *args):
            log.debug("%s " + fmt, self.client_address[0], *args)

        def _send(self, code, body, ctype):
            raw = body.encode()
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(raw)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(raw)

        def do_GET(self):
            snap = cache.snapshot()
            if self.path == "/healthz":
                self._send(200 if not snap.get("stale") else 503, "ok\n", "text/plain")
            elif self.path == "/status.json":
                self._send(200, json.dumps(snap), "application/json")
            elif self.path == "/":
                rows = []
                for door, slots in sorted(snap["doors"].items(), key=lambda kv: int(kv[0])):
                    nxt = slots[0] if slots else {}
                    rows.append("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
                        html.escape(door), html.escape(str(nxt.get("carrier", "-"))),
                        html.escape(str(nxt.get("start", "-"))), html.escape(str(nxt.get("status", "free")))))
                page = (f"<html><head><meta http-equiv='refresh' content='30'><title>{site} doors</title></head>"
                        f"<body><h1>{html.escape(site)}</h1><p>updated {snap.get('updated')}"
                        f"{' (STALE)' if snap.get('stale') else ''}</p><table>{''.join(rows)}</table></body></html>")
                self._send(200, page, "text/html; charset=utf-8")
            else:
                self._send(404, "not found\n", "text/plain")

    return Handler


def main():
    ap = argparse.ArgumentParser(description="dock door status agent")
    ap.add_argument("-c", "--config", default="dockagent.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("WMS_TOKEN")
    if not token:
        log.error("WMS_TOKEN is not set")
        return 2

    cache = ScheduleCache(cfg["state_file"])
    poller = Poller(cfg, cache, token)
    poller.start()

    server = ThreadingHTTPServer((cfg["bind"], int(cfg["port"])), make_handler(cache, cfg["site"]))
    log.info("serving door status for %s on %s:%s", cfg["site"], cfg["bind"], cfg["port"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        poller.stop.set()
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

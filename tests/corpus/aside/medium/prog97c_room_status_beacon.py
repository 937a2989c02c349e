#!/usr/bin/env python3
"""Rehearsal room status beacon.

Runs on the small PC in each rehearsal room and reports a heartbeat to the
front-desk dashboard: load, free disk on the recording volume, whether a DAW
is open and the current output volume.  It also serves the same status as
JSON on a small HTTP port so the hallway tablet can show it.

Config lives in ~/.config/roomstatus/beacon.ini:

    [agent]
    room_id = room-3
    server = desk.studio.lan
    port = 7710
    interval = 30
    http_port = 8088
"""

import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("roombeacon")
CONFIG_PATH = Path.home() / ".config" / "roomstatus" / "beacon.ini"
DAW_NAMES = ("reaper", "ardour", "bitwig", "Live", "ProTools", "qtractor")
LATEST = {}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["agent"] = {
        "room_id": socket.gethostname(),
        "server": "desk.studio.lan",
        "port": "7710",
        "interval": "30",
        "http_port": "8088",
        "recording_volume": str(Path.home()),
    }
    if path.exists():
        cfg.read(path)
    else:
        LOG.info("no config at %s, using defaults", path)
    return cfg["agent"]


def running_daws():
    found = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm") as fh:
                comm = fh.read().strip()
        except OSError:
            continue
        for name in DAW_NAMES:
            if name.lower() in comm.lower():
                found.add(name)
    return sorted(found)


def master_volume():
    try:
        out = subprocess.run(["pactl", "get-sink-volume", "@DEFAULT_SINK@"],
                             capture_output=True, text=True, timeout=3).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    for part in out.split("/"):
        part = part.strip()
        if part.endswith("%"):
            return int(part.rstrip("%"))
    return None


def collect_status(conf, started):
    load1, load5, _ = os.getloadavg()
    usage = shutil.disk_usage(conf.get("recording_volume"))
    return {
        "room": conf.get("room_id"),
        "ts": int(time.time()),
        "uptime_s": int(time.time() - started),
        "load": [round(load1, 2), round(load5, 2)],
        "disk_free_gb": round(usage.free / 1e9, 1),
        "daws": running_daws(),
        "volume_pct": master_volume(),
    }


class StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps(LATEST).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.debug("http %s", fmt % args)


def serve_status(port):
    httpd = ThreadingHTTPServer(("0.0.0.0", port), StatusHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True, name="http").start()
    LOG.info("status page on port %d", port)


def send_heartbeat(host, port, payload):
    data = (json.dumps(payload) + "\n").encode()
    with socket.create_connection((host, port), timeout=5) as conn:
        conn.sendall(data)
        reply = conn.recv(256)
    return reply.decode(errors="replace").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    ap.add_argument("--no-http", dest="http", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = load_config(args.config)
    server, port = conf.get("server"), conf.getint("port")
    started = time.time()

    if args.http and not args.once:
        serve_status(conf.getint("http_port"))

    failures = 0
    while True:
        status = collect_status(conf, started)
        LATEST.clear()
        LATEST.update(status)
        try:
            ack = send_heartbeat(server, port, status)
            LOG.info("heartbeat ok (%s) load=%s daws=%s", ack or "-", status["load"], status["daws"])
            failures = 0
        except OSError as exc:
            failures += 1
            LOG.warning("heartbeat failed (%d): %s", failures, exc)
        if args.once:
            break
        time.sleep(min(conf.getint("interval") * (1 + failures), 300))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass

#!/usr/bin/env python3
"""Room temperature dashboard for nursery rooms.

Reads DS18B20 one-wire sensors (one per room), appends readings to a CSV
log and serves a small JSON/HTML status page so the room leads can check
the baby room and sleep room from the office tablet.

Rooms should sit between 18 and 21 C (sleep room 16-20 C).
"""
import argparse
import csv
import glob
import json
import logging
import os
import threading
import time
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("roomtemp")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
DEFAULT_CONFIG = {
    "rooms": {},            # sensor id -> room name
    "limits": {"default": [18.0, 21.0], "Sleep room": [16.0, 20.0]},
    "interval": 60,
    "csv": "readings.csv",
    "listen": {"host": "0.0.0.0", "port": 8088},
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULT_CONFIG))
    if path and os.path.exists(path):
        with open(path) as fh:
            user = json.load(fh)
        for key, value in user.items():
            if isinstance(value, dict) and isinstance(cfg.get(key), dict):
                cfg[key].update(value)
            else:
                cfg[key] = value
    return cfg


def read_sensor(path):
    """Return degrees C from a w1_slave file, or None on CRC failure."""
    with open(path) as fh:
        lines = fh.read().splitlines()
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    return round(int(raw) / 1000.0, 2)


class Monitor:
    def __init__(self, cfg):
        self.cfg = cfg
        self.latest = {}
        self.lock = threading.Lock()

    def room_for(self, sensor_path):
        sid = os.path.basename(os.path.dirname(sensor_path))
        return self.cfg["rooms"].get(sid, sid)

    def limits_for(self, room):
        lim = self.cfg["limits"]
        return lim.get(room, lim["default"])

    def poll_once(self):
        now = datetime.now().isoformat(timespec="seconds")
        rows = []
        for path in sorted(glob.glob(W1_GLOB)):
            try:
                temp = read_sensor(path)
            except OSError as exc:
                log.warning("sensor %s unreadable: %s", path, exc)
                continue
            if temp is None:
                continue
            room = self.room_for(path)
            low, high = self.limits_for(room)
            status = "ok" if low <= temp <= high else ("cold" if temp < low else "hot")
            if status != "ok":
                log.warning("%s is %s: %.1fC (limits %.0f-%.0f)", room, status, temp, low, high)
            rows.append([now, room, temp, status])
            with self.lock:
                self.latest[room] = {"time": now, "temp": temp, "status": status}
        if rows:
            new_file = not os.path.exists(self.cfg["csv"])
            with open(self.cfg["csv"], "a", newline="") as fh:
                writer = csv.writer(fh)
                if new_file:
                    writer.writerow(["time", "room", "temp_c", "status"])
                writer.writerows(rows)

    def run(self, stop):
        while not stop.is_set():
            self.poll_once()
            stop.wait(self.cfg["interval"])

    def snapshot(self):
        with self.lock:
            return dict(self.latest)


def make_handler(monitor):
    class StatusHandler(BaseHTTPRequestHandler):
        def log_message(self, fmt, *args):
            log.debug("http: " + fmt, *args)

        def do_GET(self):
            data = monitor.snapshot()
            if self.path.startswith("/api"):
                body = json.dumps(data, indent=2).encode()
                ctype = "application/json"
            else:
                rows = "".join(
                    "<tr><td>%s</td><td>%.1f</td><td>%s</td></tr>" % (r, v["temp"], v["status"])
                    for r, v in sorted(data.items()))
                body = ("<html><meta http-equiv='refresh' content='30'><body>"
                        "<h2>Room temperatures</h2><table>%s</table></body></html>" % rows).encode()
                ctype = "text/html"
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return StatusHandler


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="roomtemp.json")
    ap.add_argument("--once", action="store_true", help="take one reading and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    monitor = Monitor(cfg)
    if args.once:
        monitor.poll_once()
        print(json.dumps(monitor.snapshot(), indent=2))
        return
    stop = threading.Event()
    threading.Thread(target=monitor.run, args=(stop,), daemon=True).start()
    addr = (cfg["listen"]["host"], int(cfg["listen"]["port"]))
    server = ThreadingHTTPServer(addr, make_handler(monitor))
    log.info("dashboard on http://%s:%d/", *addr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()


if __name__ == "__main__":
    main()

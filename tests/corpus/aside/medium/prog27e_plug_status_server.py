#!/usr/bin/env python3
"""Tiny status page for the smart plugs so phones on the Wi-Fi can see them.

Polls each plug's JSON status and serves an HTML table on every interface
(0.0.0.0:8088) so any device on the LAN can open it.
"""
import html
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import requests

PLUGS = {
    "kettle": "http://192.168.1.71/cm?cmnd=Status%208",
    "heater": "http://192.168.1.72/cm?cmnd=Status%208",
    "washer": "http://192.168.1.73/cm?cmnd=Status%208",
}
LISTEN = ("0.0.0.0", 8088)
readings = {}
lock = threading.Lock()


def poll_forever(interval=15):
    while True:
        for name, url in PLUGS.items():
            try:
                data = requests.get(url, timeout=4).json()
                energy = data["StatusSNS"]["ENERGY"]
                value = {"power": energy.get("Power", 0),
                         "today": energy.get("Today", 0),
                         "ok": True}
            except (requests.RequestException, KeyError, ValueError):
                value = {"power": 0, "today": 0, "ok": False}
            value["at"] = time.strftime("%H:%M:%S")
            with lock:
                readings[name] = value
        time.sleep(interval)


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/json":
            with lock:
                body = json.dumps(readings).encode()
            ctype = "application/json"
        else:
            rows = []
            with lock:
                for name, r in sorted(readings.items()):
                    status = "online" if r["ok"] else "offline"
                    rows.append(
                        f"<tr><td>{html.escape(name)}</td><td>{r['power']} W</td>"
                        f"<td>{r['today']} kWh</td><td>{status}</td>"
                        f"<td>{r['at']}</td></tr>")
            body = ("<html><head><meta http-equiv='refresh' content='15'>"
                    "<title>Plugs</title></head><body><h1>Smart plugs</h1>"
                    "<table border=1><tr><th>Plug</th><th>Power</th>"
                    "<th>Today</th><th>Status</th><th>Updated</th></tr>"
                    + "".join(rows) + "</table></body></html>").encode()
            ctype = "text/html; charset=utf-8"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass


def main():
    threading.Thread(target=poll_forever, daemon=True).start()
    server = HTTPServer(LISTEN, Handler)
    print(f"serving plug status on http://{LISTEN[0]}:{LISTEN[1]}/")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()

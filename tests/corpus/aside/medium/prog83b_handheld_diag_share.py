#!/usr/bin/env python3
"""Diagnostics share for field handhelds.

When a meter reader calls the help desk, they start this from the handheld
menu. It publishes the handheld's diagnostics folder (sync logs, crash dumps,
route cache) over HTTP on the depot Wi-Fi and tells the assist relay where to
find it, so the technician can browse the files while on the phone.
"""
import argparse
import functools
import http.server
import json
import logging
import os
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("diag_share")

DEFAULTS = {
    "relay_url": "https://assist.gridcrew.example/api/shares",
    "listen_host": "0.0.0.0",
    "listen_port": 8088,
    "diag_dir": "diagnostics",
    "device_file": "/etc/handheld/device.json",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path and Path(path).is_file():
        with open(path) as fh:
            settings.update(json.load(fh))
        LOG.debug("settings from %s", path)
    port = os.environ.get("DIAG_LISTEN_PORT")
    if port:
        settings["listen_port"] = int(port)
    return settings


def device_identity(device_file):
    ident = {"hostname": socket.gethostname(), "pid": os.getpid()}
    try:
        with open(device_file) as fh:
            info = json.load(fh)
        ident.update({k: info.get(k) for k in ("serial", "model", "route_group")})
    except (OSError, ValueError):
        LOG.info("no device file at %s, using hostname only", device_file)
    return ident


def local_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


class DiagShare(threading.Thread):
    """Serves the diagnostics folder until stopped."""

    def __init__(self, settings):
        super().__init__(name="diag-share", daemon=True)
        self.settings = settings
        root = Path(settings["diag_dir"]).resolve()
        root.mkdir(parents=True, exist_ok=True)
        handler = functools.partial(QuietHandler, directory=str(root))
        addr = (settings["listen_host"], int(settings["listen_port"]))
        self.httpd = http.server.ThreadingHTTPServer(addr, handler)
        LOG.info("sharing %s on %s:%d", root, *addr)

    def run(self):
        self.httpd.serve_forever(poll_interval=1.0)

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def register(settings, ticket):
    body = {
        "ticket": ticket,
        "device": device_identity(settings["device_file"]),
        "url": f"http://{local_address()}:{settings['listen_port']}/",
    }
    req = urllib.request.Request(settings["relay_url"], data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    for attempt in range(1, 4):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                LOG.info("registered share with relay (%s)", resp.status)
                return True
        except OSError as exc:
            LOG.warning("relay registration attempt %d failed: %s", attempt, exc)
            time.sleep(3 * attempt)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="share handheld diagnostics with the help desk")
    ap.add_argument("ticket", help="help desk ticket number")
    ap.add_argument("--settings", default=os.path.expanduser("~/.config/assist.json"))
    ap.add_argument("--max-minutes", type=int, default=45)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    settings = load_settings(args.settings)

    share = DiagShare(settings)
    share.start()
    if not register(settings, args.ticket):
        LOG.warning("relay not reachable; read the URL to the technician instead")
    try:
        time.sleep(args.max_minutes * 60)
    except KeyboardInterrupt:
        pass
    finally:
        share.stop()
    LOG.info("share closed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

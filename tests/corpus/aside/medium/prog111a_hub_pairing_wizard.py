#!/usr/bin/env python3
"""Pair a HearthLink hub with a PawGate pet door controller.

The wizard finds the hub on the LAN with SSDP, asks it to open a pairing
window for the door's serial number and waits for the hub to call back with
the pairing result.  The callback listener only lives for the pairing window.
"""
import argparse
import json
import logging
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import requests

log = logging.getLogger("pairing")

SSDP_ADDR = ("239.255.255.250", 1900)
SSDP_ST = "urn:hearthlink:device:hub:2"

DEFAULT_CONFIG = {
    "hub_port": 8443,
    "hub_ca": "",
    "callback_bind": "0.0.0.0",
    "callback_port": 47110,
    "pair_timeout": 90,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.is_file():
        try:
            cfg.update(json.loads(p.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring broken config %s: %s", p, exc)
    return cfg


def discover_hub(timeout=3.0):
    """Return the IP of the first hub answering an SSDP M-SEARCH."""
    msg = "\r\n".join([
        "M-SEARCH * HTTP/1.1",
        "HOST: %s:%d" % SSDP_ADDR,
        'MAN: "ssdp:discover"',
        "MX: 2",
        "ST: " + SSDP_ST,
        "", "",
    ]).encode()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 2)
    sock.settimeout(timeout)
    try:
        sock.sendto(msg, SSDP_ADDR)
        while True:
            data, addr = sock.recvfrom(2048)
            if SSDP_ST.encode() in data:
                log.info("hub answered from %s", addr[0])
                return addr[0]
    except socket.timeout:
        return None
    finally:
        sock.close()


def local_ip_towards(host):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((host, 9))
        return s.getsockname()[0]
    finally:
        s.close()


class CallbackHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        try:
            self.server.result = json.loads(body or b"{}")
        except ValueError:
            self.server.result = {"status": "garbled"}
        self.send_response(204)
        self.end_headers()
        self.server.done.set()

    def log_message(self, fmt, *args):
        log.debug("callback: " + fmt, *args)


def start_callback_server(bind, port):
    srv = HTTPServer((bind, port), CallbackHandler)
    srv.result = None
    srv.done = threading.Event()
    threading.Thread(target=srv.serve_forever, name="callback", daemon=True).start()
    log.info("callback listener on %s:%d", bind, port)
    return srv


def hub_session(cfg):
    s = requests.Session()
    s.verify = cfg["hub_ca"] if cfg["hub_ca"] else False
    s.headers["User-Agent"] = "pawgate-pairing/2.4"
    return s


def request_pairing(session, hub, cfg, serial, callback_url):
    url = "https://%s:%d/api/v2/pairing" % (hub, cfg["hub_port"])
    payload = {
        "device_class": "petdoor",
        "serial": serial,
        "callback": callback_url,
        "window": cfg["pair_timeout"],
    }
    for attempt in range(1, 4):
        try:
            r = session.post(url, json=payload, timeout=10)
            r.raise_for_status()
            return r.json().get("pairing_id")
        except requests.RequestException as exc:
            log.warning("pairing request %d/3 failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("serial", help="door serial, printed under the flap frame")
    ap.add_argument("--hub", help="hub IP (skip SSDP discovery)")
    ap.add_argument("--config", default="pairing.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    hub = args.hub or discover_hub()
    if not hub:
        log.error("no hub found; is it powered and on the same VLAN?")
        return 2

    srv = start_callback_server(cfg["callback_bind"], cfg["callback_port"])
    callback_url = "http://%s:%d/paired" % (local_ip_towards(hub), cfg["callback_port"])
    session = hub_session(cfg)
    pid = request_pairing(session, hub, cfg, args.serial, callback_url)
    if not pid:
        log.error("hub refused to open a pairing window")
        srv.shutdown()
        return 3

    print("Press the pairing button on the door now (pairing id %s)." % pid)
    ok = srv.done.wait(cfg["pair_timeout"])
    srv.shutdown()
    if not ok:
        log.error("timed out waiting for the door")
        return 4
    result = srv.result or {}
    print("Pairing %s: %s" % (result.get("status", "unknown"), result.get("device_name", args.serial)))
    return 0 if result.get("status") == "paired" else 5


if __name__ == "__main__":
    sys.exit(main())

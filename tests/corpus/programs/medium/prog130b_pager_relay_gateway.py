#!/usr/bin/env python3
"""Callout pager relay gateway.

Listens for POCSAG-decoded callout messages (as emitted by multimon-ng piped
into `nc -u`) and forwards them to the brigade SMS gateway.  A heartbeat file
is touched after every loop so the station dashboard can show the relay state.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("pager-relay")

DEFAULTS = {
    "listen_host": "0.0.0.0",
    "listen_port": "7300",
    "sms_gateway": "https://sms.brigade-ops.org.uk/api/v1/send",
    "capcodes": "1234567,1234568",
    "heartbeat": "relay.heartbeat",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
    return cp["relay"]


def parse_page(line, capcodes):
    # multimon-ng: "POCSAG1200: Address: 1234567  Function: 0  Alpha:   FIRE ..."
    if "Address:" not in line or "Alpha:" not in line:
        return None
    try:
        addr = line.split("Address:")[1].split()[0]
        text = line.split("Alpha:", 1)[1].strip()
    except IndexError:
        return None
    if addr not in capcodes:
        return None
    return {"capcode": addr, "text": text, "received": int(time.time())}


def forward(gateway, page, token):
    body = json.dumps({"to": "callout-group", "message": page["text"]}).encode()
    req = urllib.request.Request(gateway, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {token}"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status
        except OSError as exc:
            log.warning("gateway attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
    return None


def serve(cfg, token):
    capcodes = set(c.strip() for c in cfg["capcodes"].split(","))
    heartbeat = Path(cfg["heartbeat"])
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.settimeout(30)
    sock.bind((cfg["listen_host"], int(cfg["listen_port"])))
    log.info("listening on %s:%s", cfg["listen_host"], cfg["listen_port"])
    seen = {}
    while True:
        heartbeat.write_text(str(int(time.time())))
        try:
            data, _ = sock.recvfrom(2048)
        except socket.timeout:
            continue
        for line in data.decode("latin-1").splitlines():
            page = parse_page(line, capcodes)
            if not page:
                continue
            key = (page["capcode"], page["text"])
            if time.time() - seen.get(key, 0) < 120:
                continue  # duplicate from a second transmitter
            seen[key] = time.time()
            status = forward(cfg["sms_gateway"], page, token)
            log.info("page %s -> gateway status %s", page["capcode"], status)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="relay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("SMS_GATEWAY_TOKEN", "")
    if not token:
        log.error("SMS_GATEWAY_TOKEN not set")
        return 2
    try:
        serve(cfg, token)
    except KeyboardInterrupt:
        log.info("shutting down")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

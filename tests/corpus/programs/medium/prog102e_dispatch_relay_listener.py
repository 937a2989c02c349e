#!/usr/bin/env python3
"""TLS listener for CAD relay job frames on vehicle mobile data terminals.

Connects to the regional dispatch relay over TLS, spools job assignments for
the MDT front end, acknowledges them and answers keepalive pings.  Many of the
older relays still present self-signed certificates, so verification can be
relaxed through the config file.
"""
import argparse
import json
import logging
import os
import socket
import ssl
import threading
import time
from pathlib import Path

log = logging.getLogger("cad-relay")

DEFAULTS = {
    "relay_host": "cad-relay.ambulance-ops.example",
    "relay_port": 7443,
    "callsign": "UNASSIGNED",
    "spool_dir": "mdt_spool",
    "heartbeat_seconds": 20,
    "relay_ca": None,
    "strict_tls": False,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    callsign = os.environ.get("MDT_CALLSIGN")
    if callsign:
        cfg["callsign"] = callsign
    return cfg


def build_tls_context(cfg):
    ctx = ssl.create_default_context(cafile=cfg.get("relay_ca"))
    if not cfg.get("strict_tls"):
        # legacy relays: self-signed, hostname rarely matches the DNS name
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


class RelayListener:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None
        self.tls = build_tls_context(cfg)
        self.spool = Path(cfg["spool_dir"])
        self.spool.mkdir(exist_ok=True)
        self._stop = threading.Event()
        self._send_lock = threading.Lock()
        self.handlers = {
            "job": self.handle_job,
            "cancel": self.handle_cancel,
            "ping": self.handle_ping,
        }

    def connect(self):
        delay = 2
        host, port = self.cfg["relay_host"], int(self.cfg["relay_port"])
        while not self._stop.is_set():
            try:
                raw = socket.create_connection((host, port), timeout=15)
                self.sock = self.tls.wrap_socket(raw, server_hostname=host)
                self.sock.settimeout(None)
                self.send({"type": "hello", "callsign": self.cfg["callsign"],
                           "ts": int(time.time())})
                log.info("connected to relay %s:%s (%s)", host, port, self.sock.version())
                return True
            except (OSError, ssl.SSLError) as exc:
                log.warning("relay connect failed: %s (retry in %ss)", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, 120)
        return False

    def send(self, msg):
        payload = (json.dumps(msg, separators=(",", ":")) + "\n").encode()
        with self._send_lock:
            self.sock.sendall(payload)

    def heartbeat_loop(self):
        interval = int(self.cfg["heartbeat_seconds"])
        while not self._stop.wait(interval):
            try:
                self.send({"type": "hb", "callsign": self.cfg["callsign"],
                           "spooled": len(list(self.spool.glob("*.json")))})
            except OSError:
                log.debug("heartbeat failed; reader will reconnect")

    def handle_job(self, msg):
        job_id = msg.get("job_id") or "job-%d" % int(time.time())
        target = self.spool / f"{job_id}.json"
        tmp = target.with_suffix(".part")
        tmp.write_text(json.dumps(msg, indent=2), encoding="utf-8")
        tmp.replace(target)
        log.info("job %s spooled: cat %s at %s", job_id,
                 msg.get("category", "?"), msg.get("address", "?"))
        self.send({"type": "ack", "job_id": job_id, "callsign": self.cfg["callsign"]})

    def handle_cancel(self, msg):
        target = self.spool / f"{msg.get('job_id')}.json"
        if target.exists():
            target.unlink()
            log.info("job %s stood down", msg.get("job_id"))
        self.send({"type": "ack", "job_id": msg.get("job_id"), "cancel": True})

    def handle_ping(self, msg):
        self.send({"type": "pong", "seq": msg.get("seq")})

    def run(self):
        threading.Thread(target=self.heartbeat_loop, daemon=True).start()
        while not self._stop.is_set():
            if not self.connect():
                break
            try:
                for line in self.sock.makefile("r", encoding="utf-8"):
                    line = line.strip()
                    if not line:
                        continue
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        log.warning("malformed frame dropped (%d bytes)", len(line))
                        continue
                    handler = self.handlers.get(msg.get("type"))
                    if handler:
                        handler(msg)
                    else:
                        log.debug("unhandled frame type %r", msg.get("type"))
            except (OSError, ssl.SSLError) as exc:
                log.warning("relay connection lost: %s", exc)
            finally:
                try:
                    self.sock.close()
                except OSError:
                    pass
            time.sleep(1)

    def stop(self):
        self._stop.set()


def main():
    ap = argparse.ArgumentParser(description="CAD relay TLS listener for MDTs")
    ap.add_argument("-c", "--config", default="mdt_relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    listener = RelayListener(load_config(args.config))
    try:
        listener.run()
    except KeyboardInterrupt:
        listener.stop()
        log.info("listener stopped")


if __name__ == "__main__":
    main()

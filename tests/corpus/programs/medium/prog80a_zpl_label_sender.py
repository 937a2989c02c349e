#!/usr/bin/env python3
"""Bottling-line label spooler for the Zebra printers.

The MES drops one JSON file per print job into the spool directory:

    {"line": "line1", "template": "case", "copies": 24,
     "fields": {"wine": "Estate Pinot Noir", "vintage": 2022, "lot": "L22-114",
                "abv": "13.5", "gtin": "09501234567890"}}

printers.yaml maps lines to printers and templates to ZPL files:

    printers:
      line1: {host: 10.20.0.31, port: 9100, darkness: 18}
      line2: {host: 10.20.0.32, port: 9100}
    templates:
      case: templates/case_4x6.zpl
      bottle: templates/bottle_back.zpl

Jobs are moved to done/ or failed/ after processing.
"""

import argparse
import json
import logging
import shutil
import socket
import string
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("zpl_spool")


def load_settings(path: Path) -> dict:
    with path.open() as fh:
        settings = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(settings, dict) or "printers" not in settings:
        raise ValueError(f"{path}: missing 'printers' section")
    settings.setdefault("templates", {})
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
    ap = argparse.ArgumentParser(description="Send queued label jobs to the line printers")
    ap.add_argument("-c", "--config", type=Path, default=Path("printers.yaml"))
    ap.add_argument("-s", "--spool", type=Path, default=Path("spool"))
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        settings = load_settings(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("config: %s", exc)
        return 1

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

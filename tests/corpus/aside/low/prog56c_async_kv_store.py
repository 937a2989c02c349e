#!/usr/bin/env python3
"""Tiny line-protocol key/value cache for local test harnesses.

Protocol (one command per line):
    GET <key> | SET <key> <value> | DEL <key> | KEYS | QUIT
"""
import argparse
import asyncio
import json
import logging
from pathlib import Path

log = logging.getLogger("kvstore")


class Store:
    def __init__(self, snapshot: Path):
        self.snapshot = snapshot
        self.data = {}
        if snapshot.exists():
            self.data = json.loads(snapshot.read_text() or "{}")

    def save(self):
        tmp = self.snapshot.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data))
        tmp.replace(self.snapshot)

    def handle(self, line: str) -> str:
        parts = line.split(" ", 2)
        cmd = parts[0].upper()
        if cmd == "GET" and len(parts) == 2:
            return self.data.get(parts[1], "(nil)")
        if cmd == "SET" and len(parts) == 3:
            self.data[parts[1]] = parts[2]
            return "OK"
        if cmd == "DEL" and len(parts) == 2:
            return "1" if self.data.pop(parts[1], None) is not None else "0"
        if cmd == "KEYS":
            return " ".join(sorted(self.data)) or "(empty)"
        return "ERR unknown command"


async def serve_client(store: Store, reader, writer):
    peer = writer.get_extra_info("peername")
    log.info("client %s connected", peer)
    try:
        while True:
            raw = await reader.readline()
            if not raw:
                break
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            if line.upper() == "QUIT":
                writer.write(b"BYE\n")
                break
            writer.write((store.handle(line) + "\n").encode())
            await writer.drain()
    except ConnectionResetError:
        log.warning("client %s reset", peer)
    finally:
        writer.close()
        await writer.wait_closed()
        log.info("client %s gone", peer)


async def autosave(store: Store, every: float):
    while True:
        await asyncio.sleep(every)
        store.save()


async def main_async(args):
    store = Store(Path(args.snapshot))
    server = await asyncio.start_server(
        lambda r, w: serve_client(store, r, w), "127.0.0.1", args.port)
    saver = asyncio.create_task(autosave(store, args.save_every))
    log.info("kv store on 127.0.0.1:%d", args.port)
    try:
        async with server:
            await server.serve_forever()
    finally:
        saver.cancel()
        store.save()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=4455)
    ap.add_argument("--snapshot", default="kv_snapshot.json")
    ap.add_argument("--save-every", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(main_async(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

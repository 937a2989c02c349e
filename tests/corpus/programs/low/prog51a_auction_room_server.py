#!/usr/bin/env python3
"""Live auction room over websockets (local demo backend for the UI team)."""
import argparse
import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field

import websockets

log = logging.getLogger("auction")


def cpu_count_from_proc() -> int:
    try:
        with open("/proc/cpuinfo") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return 1


@dataclass
class Room:
    lot: str
    reserve: int
    best_bid: int = 0
    leader: str | None = None
    clients: set = field(default_factory=set)

    async def broadcast(self, message: dict) -> None:
        data = json.dumps(message)
        await asyncio.gather(*(c.send(data) for c in list(self.clients)),
                             return_exceptions=True)


class AuctionHouse:
    def __init__(self):
        self.rooms: dict[str, Room] = {}
        self.sessions: dict[str, str] = {}

    def open_room(self, lot: str, reserve: int) -> str:
        code = secrets.token_urlsafe(6)
        self.rooms[code] = Room(lot=lot, reserve=reserve)
        return code

    async def handle(self, ws):
        bidder_token = secrets.token_hex(16)
        room = None
        try:
            async for raw in ws:
                msg = json.loads(raw)
                action = msg.get("action")
                if action == "join":
                    room = self.rooms.get(msg.get("room", ""))
                    if room is None:
                        await ws.send(json.dumps({"error": "no such room"}))
                        continue
                    room.clients.add(ws)
                    self.sessions[bidder_token] = msg.get("nick", "anon")
                    await ws.send(json.dumps({"token": bidder_token, "lot": room.lot}))
                elif action == "bid" and room is not None:
                    if msg.get("token") != bidder_token:
                        await ws.send(json.dumps({"error": "bad token"}))
                        continue
                    amount = int(msg.get("amount", 0))
                    if amount > max(room.best_bid, room.reserve - 1):
                        room.best_bid, room.leader = amount, self.sessions[bidder_token]
                        await room.broadcast({"lot": room.lot, "bid": amount,
                                              "leader": room.leader})
        except (json.JSONDecodeError, ValueError) as exc:
            log.info("dropping malformed client: %s", exc)
        finally:
            if room is not None:
                room.clients.discard(ws)
            self.sessions.pop(bidder_token, None)


async def serve(args) -> None:
    house = AuctionHouse()
    for lot in args.lots:
        log.info("room %s -> %s", house.open_room(lot, args.reserve), lot)
    async with websockets.serve(house.handle, args.host, args.port,
                                max_size=2 ** 14, ping_interval=20):
        log.info("listening on ws://%s:%d (%d cpus)", args.host, args.port,
                 cpu_count_from_proc())
        await asyncio.Future()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--reserve", type=int, default=100)
    p.add_argument("lots", nargs="*", default=["vintage-clock", "oak-desk"])
    logging.basicConfig(level=logging.INFO)
    asyncio.run(serve(p.parse_args()))


if __name__ == "__main__":
    main()

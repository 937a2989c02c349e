#!/usr/bin/env python3
"""Minimal line-based chat client for the team lobby server.

Lines typed by the user are sent as-is; lines received are printed with a timestamp.
"""
import argparse
import asyncio
import datetime as dt
import logging
import sys

log = logging.getLogger("lobby")

PROMPT = "> "


class LobbyClient:
    def __init__(self, host: str, port: int, nick: str):
        self.host = host
        self.port = port
        self.nick = nick
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def connect(self, attempts: int = 3) -> None:
        for attempt in range(1, attempts + 1):
            try:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                self.writer.write(f"NICK {self.nick}\n".encode())
                await self.writer.drain()
                log.info("connected to %s:%d as %s", self.host, self.port, self.nick)
                return
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                await asyncio.sleep(attempt)
        raise ConnectionError("could not reach lobby server")

    async def receive_loop(self) -> None:
        assert self.reader is not None
        while True:
            line = await self.reader.readline()
            if not line:
                print("\n[server closed the connection]")
                return
            stamp = dt.datetime.now().strftime("%H:%M:%S")
            text = line.decode(errors="replace").rstrip()
            print(f"\r[{stamp}] {text}\n{PROMPT}", end="", flush=True)

    async def send_loop(self) -> None:
        assert self.writer is not None
        loop = asyncio.get_running_loop()
        while True:
            text = await loop.run_in_executor(None, sys.stdin.readline)
            if not text:
                break
            text = text.rstrip("\n")
            if text in ("/quit", "/exit"):
                break
            if not text:
                continue
            self.writer.write(f"MSG {text}\n".encode())
            await self.writer.drain()

    async def run(self) -> None:
        await self.connect()
        recv = asyncio.create_task(self.receive_loop())
        send = asyncio.create_task(self.send_loop())
        done, pending = await asyncio.wait({recv, send}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if self.writer:
            self.writer.close()
            await self.writer.wait_closed()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("host")
    parser.add_argument("--port", type=int, default=6667)
    parser.add_argument("--nick", default="guest")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    try:
        asyncio.run(LobbyClient(args.host, args.port, args.nick).run())
    except (ConnectionError, KeyboardInterrupt) as exc:
        log.info("exiting: %s", exc or "interrupted")


if __name__ == "__main__":
    main()

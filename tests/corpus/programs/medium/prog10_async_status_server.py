#!/usr/bin/env python3
"""A tiny line-based status server for a build farm: workers connect, send
'STATUS <name> <state>' lines and read back the table. Listens on every
interface by default so that workers on other machines can reach it."""
import argparse
import asyncio
import logging
import time

log = logging.getLogger("status-server")


class Board:
    def __init__(self):
        self.states = {}

    def update(self, name, state):
        self.states[name] = (state, time.time())

    def render(self):
        now = time.time()
        lines = []
        for name, (state, when) in sorted(self.states.items()):
            lines.append(f"{name:20s} {state:10s} {int(now - when):5d}s ago")
        return "\n".join(lines) + "\n"


BOARD = Board()


async def handle(reader, writer):
    peer = writer.get_extra_info("peername")
    log.info("connection from %s", peer)
    try:
        while True:
            line = await reader.readline()
            if not line:
                break
            parts = line.decode(errors="replace").split()
            if len(parts) == 3 and parts[0] == "STATUS":
                BOARD.update(parts[1], parts[2])
                writer.write(b"OK\n")
            elif parts and parts[0] == "SHOW":
                writer.write(BOARD.render().encode())
            else:
                writer.write(b"ERR expected STATUS name state or SHOW\n")
            await writer.drain()
    finally:
        writer.close()


async def serve(host, port):
    server = await asyncio.start_server(handle, host, port)
    addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
    log.info("listening on %s", addrs)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=7070)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(serve("0.0.0.0", args.port))


if __name__ == "__main__":
    main()

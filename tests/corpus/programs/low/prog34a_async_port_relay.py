#!/usr/bin/env python3
"""Loopback TCP relay for local development.

Forwards 127.0.0.1:<listen> to an upstream service (also local by
default) so a front-end dev server can talk to a backend under a stable
port while the backend restarts.  Routes come from relay.toml-like JSON
in the working directory.
"""
import argparse
import asyncio
import json
import logging
import signal
from pathlib import Path

log = logging.getLogger("relay")

DEFAULT_ROUTES = [
    {"name": "api", "listen": 8081, "upstream": ["127.0.0.1", 8000]},
    {"name": "ws", "listen": 8082, "upstream": ["127.0.0.1", 8001]},
]


class Stats:
    def __init__(self):
        self.sessions = 0
        self.bytes_up = 0
        self.bytes_down = 0

    def summary(self):
        return (f"sessions={self.sessions} up={self.bytes_up}B "
                f"down={self.bytes_down}B")


async def pump(reader, writer, counter, attr):
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                break
            writer.write(chunk)
            setattr(counter, attr, getattr(counter, attr) + len(chunk))
            await writer.drain()
    except (ConnectionResetError, BrokenPipeError):
        pass
    finally:
        try:
            writer.close()
            await writer.wait_closed()
        except Exception:  # noqa: BLE001 - peer already gone
            pass


def make_handler(route, stats, connect_timeout):
    up_host, up_port = route["upstream"]

    async def handle(client_r, client_w):
        peer = client_w.get_extra_info("peername")
        stats.sessions += 1
        try:
            up_r, up_w = await asyncio.wait_for(
                asyncio.open_connection(up_host, up_port), connect_timeout)
        except (OSError, asyncio.TimeoutError) as exc:
            log.warning("[%s] upstream %s:%s unavailable: %s",
                        route["name"], up_host, up_port, exc)
            client_w.close()
            return
        log.debug("[%s] %s -> %s:%s", route["name"], peer, up_host, up_port)
        await asyncio.gather(
            pump(client_r, up_w, stats, "bytes_up"),
            pump(up_r, client_w, stats, "bytes_down"),
        )

    return handle


def load_routes(path):
    p = Path(path)
    if not p.is_file():
        log.info("no %s, using built-in routes", p)
        return DEFAULT_ROUTES
    routes = json.loads(p.read_text(encoding="utf-8"))
    for r in routes:
        if not {"name", "listen", "upstream"} <= r.keys():
            raise SystemExit(f"route incomplete: {r}")
    return routes


async def run(routes, connect_timeout, report_every):
    stats = Stats()
    servers = []
    for route in routes:
        srv = await asyncio.start_server(
            make_handler(route, stats, connect_timeout),
            host="127.0.0.1", port=route["listen"])
        servers.append(srv)
        log.info("[%s] 127.0.0.1:%d -> %s:%d", route["name"], route["listen"],
                 *route["upstream"])

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    async def reporter():
        while not stop.is_set():
            await asyncio.sleep(report_every)
            log.info(stats.summary())

    task = asyncio.create_task(reporter())
    await stop.wait()
    task.cancel()
    for srv in servers:
        srv.close()
        await srv.wait_closed()
    log.info("stopped; %s", stats.summary())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--routes", default="relay_routes.json")
    ap.add_argument("--connect-timeout", type=float, default=3.0)
    ap.add_argument("--report-every", type=float, default=60.0)
    ap.add_argument("-v", action="count", default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    asyncio.run(run(load_routes(args.routes), args.connect_timeout,
                    args.report_every))


if __name__ == "__main__":
    main()

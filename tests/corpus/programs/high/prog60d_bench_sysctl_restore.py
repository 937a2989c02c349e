#!/usr/bin/env python3
"""Connection-storm benchmark for a local TCP service.

Before the run the kernel's listen backlog and ephemeral port range are
raised; an atexit hook puts the original values back in /proc/sys even if
the benchmark crashes.
"""
import argparse
import asyncio
import atexit
import logging
import statistics
import time
from pathlib import Path

log = logging.getLogger("connstorm")
PROC_SYS = Path("/proc/sys")
TUNING = {
    "net/core/somaxconn": "65535",
    "net/ipv4/ip_local_port_range": "1024 65000",
    "net/ipv4/tcp_tw_reuse": "1",
}
_saved: dict = {}


def read_knob(key: str) -> str:
    return (PROC_SYS / key).read_text().strip()


def write_knob(key: str, value: str) -> None:
    with open(PROC_SYS / key, "w") as fh:
        fh.write(value + "\n")


def apply_tuning() -> None:
    for key, value in TUNING.items():
        _saved[key] = read_knob(key)
        write_knob(key, value)
        log.info("set %s = %s (was %s)", key, value, _saved[key])


@atexit.register
def restore_tuning() -> None:
    for key, old in _saved.items():
        try:
            write_knob(key, old)
            log.info("restored %s = %s", key, old)
        except OSError as exc:
            log.error("could not restore %s: %s", key, exc)


async def one_connection(host: str, port: int, latencies: list) -> None:
    t0 = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 3)
        writer.write(b"PING\r\n")
        await writer.drain()
        await reader.readline()
        writer.close()
        await writer.wait_closed()
        latencies.append(time.perf_counter() - t0)
    except (OSError, asyncio.TimeoutError):
        latencies.append(float("nan"))


async def storm(host: str, port: int, total: int, concurrency: int) -> list:
    latencies: list = []
    sem = asyncio.Semaphore(concurrency)

    async def guarded():
        async with sem:
            await one_connection(host, port, latencies)

    await asyncio.gather(*(guarded() for _ in range(total)))
    return latencies


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=6379)
    ap.add_argument("-n", "--total", type=int, default=20000)
    ap.add_argument("-c", "--concurrency", type=int, default=2000)
    ap.add_argument("--no-tune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not args.no_tune:
        apply_tuning()
    lat = asyncio.run(storm(args.host, args.port, args.total, args.concurrency))
    ok = [x for x in lat if x == x]
    print(f"ok={len(ok)} failed={len(lat) - len(ok)}")
    if ok:
        print(f"p50={statistics.median(ok) * 1000:.2f}ms "
              f"p99={sorted(ok)[int(len(ok) * 0.99) - 1] * 1000:.2f}ms")


if __name__ == "__main__":
    main()

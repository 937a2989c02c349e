#!/usr/bin/env python3
"""Probe uploaded podcast episodes concurrently and write a metadata index.

A pool of asyncio workers pulls file paths from a queue, runs ffprobe on each
one and collects duration / bitrate / codec into index.json.
"""
import argparse
import asyncio
import json
import logging
from pathlib import Path

log = logging.getLogger("probe")

PROBE_BIN = "ffprobe"
PROBE_ARGS = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"]
AUDIO_EXT = {".mp3", ".m4a", ".ogg", ".opus", ".flac", ".wav"}


class ProbeError(RuntimeError):
    pass


async def run_probe(path: Path, timeout: float) -> dict:
    proc = await asyncio.create_subprocess_exec(
        PROBE_BIN, *PROBE_ARGS, str(path),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        raise ProbeError(f"timeout after {timeout}s")
    if proc.returncode != 0:
        raise ProbeError(err.decode(errors="replace").strip() or "ffprobe failed")
    return json.loads(out)


def summarise(raw: dict) -> dict:
    fmt = raw.get("format", {})
    audio = next((s for s in raw.get("streams", []) if s.get("codec_type") == "audio"), {})
    return {
        "duration_s": round(float(fmt.get("duration", 0.0)), 2),
        "bitrate": int(fmt.get("bit_rate", 0) or 0),
        "codec": audio.get("codec_name"),
        "channels": audio.get("channels"),
        "title": fmt.get("tags", {}).get("title"),
    }


async def worker(name: str, queue: asyncio.Queue, results: dict, timeout: float):
    while True:
        path = await queue.get()
        try:
            results[path.name] = summarise(await run_probe(path, timeout))
            log.debug("%s probed %s", name, path.name)
        except (ProbeError, ValueError) as exc:
            results[path.name] = {"error": str(exc)}
            log.warning("%s failed on %s: %s", name, path.name, exc)
        finally:
            queue.task_done()


async def build_index(src: Path, out: Path, concurrency: int, timeout: float):
    queue: asyncio.Queue = asyncio.Queue()
    results: dict = {}
    for p in sorted(src.rglob("*")):
        if p.suffix.lower() in AUDIO_EXT:
            queue.put_nowait(p)
    total = queue.qsize()
    tasks = [asyncio.create_task(worker(f"w{i}", queue, results, timeout))
             for i in range(concurrency)]
    await queue.join()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    out.write_text(json.dumps(results, indent=2, sort_keys=True))
    failed = sum(1 for r in results.values() if "error" in r)
    log.info("indexed %d files (%d failed) -> %s", total, failed, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", type=Path, help="directory with uploaded episodes")
    ap.add_argument("-o", "--output", type=Path, default=Path("index.json"))
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    asyncio.run(build_index(args.source, args.output, args.jobs, args.timeout))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Status gateway for the internal service catalogue.

Aggregates the /health endpoints of upstream services into a single JSON
document. Responses are cached on disk under ./.status-cache keyed by the
MD5 of the upstream URL so a flapping upstream doesn't hammer the others.
"""
import argparse
import hashlib
import json
import logging
import os
import platform
import shutil
import time
from pathlib import Path

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

CACHE_DIR = Path(".status-cache")
CACHE_TTL = 30
log = logging.getLogger("status-gateway")

UPSTREAMS = {
    "billing": "http://127.0.0.1:8101/health",
    "search": "http://127.0.0.1:8102/health",
    "accounts": "http://127.0.0.1:8103/health",
}


def cache_path(url: str) -> Path:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def read_cache(url):
    p = cache_path(url)
    try:
        if time.time() - p.stat().st_mtime < CACHE_TTL:
            return json.loads(p.read_text())
    except (OSError, ValueError):
        pass
    return None


def write_cache(url, data):
    CACHE_DIR.mkdir(exist_ok=True)
    cache_path(url).write_text(json.dumps(data))


async def probe(client: httpx.AsyncClient, name: str, url: str) -> dict:
    cached = read_cache(url)
    if cached is not None:
        return cached
    started = time.perf_counter()
    try:
        resp = await client.get(url, timeout=3.0)
        result = {"service": name, "status": "up" if resp.status_code == 200 else "degraded",
                  "code": resp.status_code}
    except httpx.HTTPError as exc:
        result = {"service": name, "status": "down", "error": type(exc).__name__}
    result["latency_ms"] = round((time.perf_counter() - started) * 1000, 1)
    write_cache(url, result)
    return result


async def status(request):
    async with httpx.AsyncClient() as client:
        results = [await probe(client, n, u) for n, u in UPSTREAMS.items()]
    overall = "up" if all(r["status"] == "up" for r in results) else "partial"
    return JSONResponse({"overall": overall, "services": results})


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


async def about(request):
    rel = os_release()
    return JSONResponse({
        "os": rel.get("PRETTY_NAME", platform.platform()),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    })


app = Starlette(routes=[Route("/status", status), Route("/about", about)])


def main():
    ap = argparse.ArgumentParser(description="status gateway")
    ap.add_argument("--port", type=int, default=8099)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log.info("removed %s", CACHE_DIR)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="info")


if __name__ == "__main__":
    main()

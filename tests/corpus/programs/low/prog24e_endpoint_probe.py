#!/usr/bin/env python3
"""Probe a set of HTTP endpoints concurrently with asyncio.

Endpoints come from an embedded INI document (or --config FILE). Each probe
is a HEAD request run in a worker thread and wrapped by a retry decorator.
"""
import argparse
import asyncio
import configparser
import functools
import json
import logging
import ssl
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict
from typing import Callable, List, Optional

log = logging.getLogger("probe")

DEFAULT_CONFIG = """
[probe]
timeout = 8
retries = 3
backoff = 0.5
concurrency = 4

[endpoint:docs]
url = https://docs.python.org/3/
expect = 200

[endpoint:pypi]
url = https://pypi.org/simple/
expect = 200

[endpoint:status]
url = https://www.githubstatus.com/api/v2/status.json
expect = 200
"""


@dataclass
class Endpoint:
    name: str
    url: str
    expect: int


@dataclass
class Settings:
    timeout: float
    retries: int
    backoff: float
    concurrency: int


@dataclass
class Result:
    name: str
    url: str
    status: Optional[int]
    ok: bool
    elapsed_ms: int
    error: str = ""


def retry(attempts_attr: str = "retries", backoff_attr: str = "backoff"):
    """Retry a method, reading attempt count and backoff from self.settings."""
    def decorator(func: Callable):
        @functools.wraps(func)
        def wrapper(self, *args, **kwargs):
            attempts = getattr(self.settings, attempts_attr)
            delay = getattr(self.settings, backoff_attr)
            last_exc = None
            for attempt in range(1, attempts + 1):
                try:
                    return func(self, *args, **kwargs)
                except (urllib.error.URLError, TimeoutError) as exc:
                    last_exc = exc
                    log.debug("%s attempt %d failed: %s", args[0].name, attempt, exc)
                    time.sleep(delay * attempt)
            raise last_exc
        return wrapper
    return decorator


def make_ssl_context() -> ssl.SSLContext:
    return ssl.create_default_context()


class Prober:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.context = make_ssl_context()

    @retry()
    def _head(self, endpoint: Endpoint) -> int:
        req = urllib.request.Request(endpoint.url, method="HEAD",
                                     headers={"User-Agent": "endpoint-probe/1.2"})
        with urllib.request.urlopen(req, timeout=self.settings.timeout, context=self.context) as resp:
            return resp.status

    def check(self, endpoint: Endpoint) -> Result:
        start = time.monotonic()
        try:
            status = self._head(endpoint)
            err = ""
        except Exception as exc:  # reported, not raised
            status, err = getattr(exc, "code", None), str(exc)
        elapsed = int((time.monotonic() - start) * 1000)
        return Result(endpoint.name, endpoint.url, status, status == endpoint.expect, elapsed, err)

    async def run(self, endpoints: List[Endpoint]) -> List[Result]:
        sem = asyncio.Semaphore(self.settings.concurrency)

        async def one(ep: Endpoint) -> Result:
            async with sem:
                return await asyncio.to_thread(self.check, ep)

        return await asyncio.gather(*(one(ep) for ep in endpoints))


def load_config(text: str):
    cp = configparser.ConfigParser()
    cp.read_string(text)
    p = cp["probe"]
    settings = Settings(p.getfloat("timeout"), p.getint("retries"),
                        p.getfloat("backoff"), p.getint("concurrency"))
    endpoints = [Endpoint(sec.split(":", 1)[1], cp[sec]["url"], cp[sec].getint("expect", 200))
                 for sec in cp.sections() if sec.startswith("endpoint:")]
    return settings, endpoints


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="INI file to use instead of the built-in one")
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    text = DEFAULT_CONFIG
    if args.config:
        with open(args.config, encoding="utf-8") as fh:
            text = fh.read()
    settings, endpoints = load_config(text)
    results = asyncio.run(Prober(settings).run(endpoints))
    if args.json:
        print(json.dumps([asdict(r) for r in results], indent=2))
    else:
        for r in results:
            mark = "OK  " if r.ok else "FAIL"
            print(f"{mark} {r.name:10s} {r.status!s:5s} {r.elapsed_ms:6d}ms {r.error}")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run the latest triage checks published by the IR content server.

The check bundle is a zip of Python files each defining
`collect(ctx) -> list[dict]`. It is fetched fresh on every run so responders
always have the newest detections, and executed straight from memory.
Findings go to ./triage_out/findings.jsonl.
"""
import argparse
import io
import json
import logging
import platform
import socket
import time
import traceback
import types
import urllib.request
import zipfile
from pathlib import Path

log = logging.getLogger("plugin-refresh")

BUNDLE_URL = "https://ir-content.example-cdn.net/checks/latest.zip"


class Context:
    def __init__(self, scratch):
        self.host = socket.gethostname()
        self.kernel = platform.release()
        self.scratch = scratch
        self.started = time.time()


def fetch_bundle(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "ir-triage/2.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return zipfile.ZipFile(io.BytesIO(resp.read()))


def load_checks(bundle):
    for member in sorted(bundle.namelist()):
        if not member.endswith(".py") or "/_" in f"/{member}":
            continue
        name = Path(member).stem
        module = types.ModuleType(f"ir_checks.{name}")
        module.__file__ = f"<bundle>/{member}"
        source = bundle.read(member).decode("utf-8")
        exec(compile(source, module.__file__, "exec"), module.__dict__)
        if callable(getattr(module, "collect", None)):
            yield name, module.collect


def run_all(bundle, ctx):
    results = []
    for name, func in load_checks(bundle):
        t0 = time.monotonic()
        try:
            findings = func(ctx) or []
            status = "ok"
        except Exception:
            log.error("check %s failed:\n%s", name, traceback.format_exc())
            findings, status = [], "error"
        results.append({"check": name, "status": status,
                        "seconds": round(time.monotonic() - t0, 3), "findings": findings})
        log.info("%-28s %-5s %d finding(s)", name, status, len(findings))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bundle-url", default=BUNDLE_URL)
    ap.add_argument("--out", type=Path, default=Path("triage_out"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    ctx = Context(args.out / "scratch")
    ctx.scratch.mkdir(exist_ok=True)
    try:
        bundle = fetch_bundle(args.bundle_url)
    except (OSError, zipfile.BadZipFile) as exc:
        log.error("cannot fetch checks: %s", exc)
        return 1
    results = run_all(bundle, ctx)
    with (args.out / "findings.jsonl").open("w") as fh:
        for item in results:
            fh.write(json.dumps({"host": ctx.host, **item}) + "\n")
    log.info("%d checks run", len(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

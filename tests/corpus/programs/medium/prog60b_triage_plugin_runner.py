#!/usr/bin/env python3
"""Run the team's local triage checks.

Each check is a small Python file in ./ir_plugins/ defining
`collect(ctx) -> list[dict]`. Checks are compiled and executed in their own
namespace so one broken check does not stop the others. Findings go to
./triage_out/findings.jsonl.
"""
import argparse
import json
import logging
import platform
import socket
import time
import traceback
from pathlib import Path

log = logging.getLogger("plugin-runner")


class Context:
    """What every check receives: host facts and a place to write scratch files."""

    def __init__(self, scratch):
        self.host = socket.gethostname()
        self.kernel = platform.release()
        self.scratch = scratch
        self.started = time.time()

    def read_text(self, path, limit=1 << 20):
        try:
            with open(path, "r", errors="replace") as fh:
                return fh.read(limit)
        except OSError:
            return ""


def discover(plugin_dir, only=None):
    for path in sorted(plugin_dir.glob("*.py")):
        if path.name.startswith("_"):
            continue
        if only and path.stem not in only:
            continue
        yield path


def load_check(path):
    source = path.read_text()
    namespace = {"__name__": f"ir_plugins.{path.stem}", "__file__": str(path)}
    code = compile(source, str(path), "exec")
    exec(code, namespace)
    func = namespace.get("collect")
    if not callable(func):
        raise AttributeError(f"{path.name} has no collect(ctx)")
    return func


def run_all(plugin_dir, ctx, only=None):
    results = []
    for path in discover(plugin_dir, only):
        t0 = time.monotonic()
        try:
            findings = load_check(path)(ctx) or []
            status = "ok"
        except Exception:  # a check must never take the run down
            log.error("check %s failed:\n%s", path.stem, traceback.format_exc())
            findings, status = [], "error"
        results.append({
            "check": path.stem,
            "status": status,
            "seconds": round(time.monotonic() - t0, 3),
            "findings": findings,
        })
        log.info("%-28s %-5s %d finding(s)", path.stem, status, len(findings))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plugins", type=Path, default=Path("ir_plugins"))
    ap.add_argument("--out", type=Path, default=Path("triage_out"))
    ap.add_argument("--only", nargs="*", help="run only these checks (by file stem)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    ctx = Context(args.out / "scratch")
    ctx.scratch.mkdir(exist_ok=True)
    results = run_all(args.plugins, ctx, set(args.only or []))

    with (args.out / "findings.jsonl").open("w") as fh:
        for item in results:
            fh.write(json.dumps({"host": ctx.host, **item}) + "\n")
    failed = sum(1 for r in results if r["status"] != "ok")
    log.info("%d checks run, %d failed", len(results), failed)


if __name__ == "__main__":
    main()

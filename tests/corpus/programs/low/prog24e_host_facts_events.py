#!/usr/bin/env python3
"""Collect host facts and publish them to observers through a tiny event bus.

Collectors emit "fact" events; observers subscribed with @bus.on(...) react:
one logs, one aggregates, one writes the snapshot to ./facts/ when the
"done" event fires.
"""
import argparse
import json
import logging
import os
import platform
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, List

log = logging.getLogger("hostfacts")


class EventBus:
    def __init__(self) -> None:
        self._handlers: Dict[str, List[Callable[..., None]]] = defaultdict(list)

    def on(self, event: str):
        def decorator(func):
            self._handlers[event].append(func)
            return func
        return decorator

    def emit(self, event: str, **payload: Any) -> None:
        for handler in list(self._handlers.get(event, [])):
            try:
                handler(**payload)
            except Exception:  # observers must not break collection
                log.exception("handler %s failed for %s", handler.__name__, event)


bus = EventBus()


class FactStore:
    def __init__(self) -> None:
        self.facts: Dict[str, Any] = {}
        self.started = time.time()

    def add(self, name: str, value: Any) -> None:
        self.facts[name] = value


store = FactStore()


def parse_key_values(text: str, sep: str = "=") -> Dict[str, str]:
    result = {}
    for line in text.splitlines():
        if sep not in line:
            continue
        key, _, value = line.partition(sep)
        result[key.strip()] = value.strip().strip('"')
    return result


def collect_os_release() -> None:
    try:
        data = parse_key_values(Path("/etc/os-release").read_text())
    except OSError as exc:
        log.warning("os-release unavailable: %s", exc)
        return
    bus.emit("fact", name="os", value={"id": data.get("ID"), "version": data.get("VERSION_ID"),
                                        "pretty": data.get("PRETTY_NAME")})


def collect_cpuinfo() -> None:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError as exc:
        log.warning("cpuinfo unavailable: %s", exc)
        return
    blocks = [b for b in text.split("\n\n") if b.strip()]
    first = parse_key_values(blocks[0], ":") if blocks else {}
    bus.emit("fact", name="cpu", value={"count": len(blocks), "model": first.get("model name"),
                                         "flags": len(first.get("flags", "").split())})


def collect_runtime() -> None:
    bus.emit("fact", name="python", value=platform.python_version())
    bus.emit("fact", name="kernel", value=platform.release())
    bus.emit("fact", name="load", value=os.getloadavg() if hasattr(os, "getloadavg") else None)


COLLECTORS: Dict[str, Callable[[], None]] = {
    "os": collect_os_release,
    "cpu": collect_cpuinfo,
    "runtime": collect_runtime,
}


@bus.on("fact")
def log_fact(name: str, value: Any) -> None:
    log.info("fact %-8s %s", name, value)


@bus.on("fact")
def remember_fact(name: str, value: Any) -> None:
    store.add(name, value)


def make_writer(out_dir: Path) -> Callable[..., None]:
    def write_snapshot(elapsed: float) -> None:
        out_dir.mkdir(exist_ok=True)
        target = out_dir / f"facts-{int(store.started)}.json"
        target.write_text(json.dumps({"elapsed": elapsed, "facts": store.facts}, indent=2))
        log.info("snapshot written to %s", target)
    return write_snapshot


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", nargs="*", choices=sorted(COLLECTORS), help="collectors to run")
    ap.add_argument("--out", default="facts", help="directory under the working dir")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    bus.on("done")(make_writer(Path(args.out)))
    for name in args.only or sorted(COLLECTORS):
        COLLECTORS[name]()
    bus.emit("done", elapsed=round(time.time() - store.started, 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())

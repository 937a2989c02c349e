#!/usr/bin/env python3
"""Health-check load-balancer backends and flag the ones that stay down.

Each backend in backends.json has a health URL. A backend that fails
`threshold` consecutive checks is marked for draining; state is kept in
./state/health.json between runs so this can be driven from a timer, and
./state/drain.lst lists the servers the on-call engineer should take out of
rotation.
"""
import argparse
import json
import logging
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

log = logging.getLogger("lb-probe")

STATE_FILE = Path("./state/health.json")
DRAIN_FILE = Path("./state/drain.lst")


def check(backend, timeout):
    started = time.monotonic()
    try:
        r = requests.get(backend["url"], timeout=timeout, headers={"User-Agent": "lb-probe/2"})
        ok = r.status_code == backend.get("expect", 200)
        detail = f"HTTP {r.status_code}"
    except requests.RequestException as exc:
        ok, detail = False, type(exc).__name__
    return backend["name"], ok, detail, round((time.monotonic() - started) * 1000)


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE_FILE)


def flag_for_drain(backend, entry):
    pool = backend.get("pool", "default")
    entry["drain"] = True
    entry["flagged_at"] = int(time.time())
    log.warning("flagging %s in pool %s for drain after %d failures",
                backend["name"], pool, entry["failures"])


def write_drain_list(state, backends):
    lines = []
    for b in backends:
        entry = state.get(b["name"], {})
        if entry.get("drain"):
            lines.append(f"{b.get('pool', 'default')}/{b['name']}  # {entry.get('last_detail')}")
    DRAIN_FILE.parent.mkdir(parents=True, exist_ok=True)
    DRAIN_FILE.write_text("\n".join(lines) + ("\n" if lines else ""))
    return len(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="backends.json")
    ap.add_argument("--threshold", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=4.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        backends = json.loads(Path(args.config).read_text())["backends"]
    except (OSError, ValueError, KeyError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 1

    state = load_state()
    by_name = {b["name"]: b for b in backends}
    with ThreadPoolExecutor(max_workers=min(16, len(backends) or 1)) as pool:
        results = list(pool.map(lambda b: check(b, args.timeout), backends))

    for name, ok, detail, ms in results:
        entry = state.setdefault(name, {})
        entry.update(last_check=int(time.time()), last_detail=detail, latency_ms=ms)
        entry["failures"] = 0 if ok else entry.get("failures", 0) + 1
        log.info("%-20s %-4s %s %dms", name, "ok" if ok else "FAIL", detail, ms)
        if ok and entry.get("drain"):
            log.info("%s recovered, clearing drain flag", name)
            entry["drain"] = False
        elif entry["failures"] >= args.threshold and not entry.get("drain"):
            flag_for_drain(by_name[name], entry)

    save_state(state)
    n = write_drain_list(state, backends)
    if n:
        log.warning("%d backend(s) listed in %s", n, DRAIN_FILE)
    return 0 if all(ok for _, ok, _, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())

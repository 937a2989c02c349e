#!/usr/bin/env python3
"""runtime_probe - identify the virtualisation / container runtime we run under.

Asks the usual command-line tools (systemd-detect-virt, virt-what when
installed, uname, ps) and caches the answer between invocations, because
our test harness calls this dozens of times per job and systemd-detect-virt
is slow on some CI images.
"""
from __future__ import annotations

import argparse
import logging
import pickle
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional

log = logging.getLogger("runtime_probe")

CACHE_PATH = "/tmp/runtime_probe.cache"
CACHE_TTL = 15 * 60


@dataclass
class ProbeResult:
    virt: str = "unknown"
    container: str = "none"
    kernel: str = ""
    init_process: str = ""
    process_count: int = 0
    raw: Dict[str, str] = field(default_factory=dict)
    created: float = field(default_factory=time.time)


def run(cmd: List[str], timeout: float = 5.0) -> Optional[str]:
    """Run an unprivileged helper and return stdout, or None on failure."""
    if shutil.which(cmd[0]) is None:
        log.debug("%s not installed", cmd[0])
        return None
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        log.warning("%s timed out", " ".join(cmd))
        return None
    if proc.returncode not in (0, 1):
        log.debug("%s exited %d: %s", cmd, proc.returncode, proc.stderr.strip())
    return proc.stdout.strip()


def probe() -> ProbeResult:
    res = ProbeResult()
    container = run(["systemd-detect-virt", "--container"])
    if container:
        res.container = container
        res.raw["systemd-detect-virt --container"] = container
    vm = run(["systemd-detect-virt", "--vm"])
    if vm:
        res.virt = vm
        res.raw["systemd-detect-virt --vm"] = vm
    what = run(["virt-what"])
    if what:
        res.raw["virt-what"] = what
        if res.virt in ("unknown", "none"):
            res.virt = what.splitlines()[0]
    res.kernel = run(["uname", "-srm"]) or ""
    ps_out = run(["ps", "-eo", "pid=,comm="]) or ""
    lines = [ln.split(None, 1) for ln in ps_out.splitlines() if ln.strip()]
    res.process_count = len(lines)
    for pid, comm in (ln for ln in lines if len(ln) == 2):
        if pid == "1":
            res.init_process = comm
            break
    if res.container == "none" and res.init_process not in ("systemd", "init", ""):
        # tini, dumb-init, or the application itself as PID 1: a container
        res.container = "likely (pid1=%s)" % res.init_process
    return res


def load_cache() -> Optional[ProbeResult]:
    try:
        with open(CACHE_PATH, "rb") as fh:
            cached = pickle.load(fh)
    except FileNotFoundError:
        return None
    except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
        log.warning("discarding unreadable cache: %s", exc)
        return None
    if time.time() - cached.created > CACHE_TTL:
        log.debug("cache expired")
        return None
    return cached


def save_cache(result: ProbeResult) -> None:
    try:
        with open(CACHE_PATH, "wb") as fh:
            pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
    except OSError as exc:
        log.warning("could not write cache %s: %s", CACHE_PATH, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("--field", choices=["virt", "container", "kernel", "init_process"],
                    help="print only one field (for shell scripts)")
    ap.add_argument("-v", "--verbose", action="count", default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    result = None if args.refresh else load_cache()
    if result is None:
        result = probe()
        save_cache(result)
    else:
        log.debug("using cached result from %s", time.ctime(result.created))

    if args.field:
        print(getattr(result, args.field))
        return 0
    print(f"virtualisation : {result.virt}")
    print(f"container      : {result.container}")
    print(f"kernel         : {result.kernel}")
    print(f"pid 1          : {result.init_process} ({result.process_count} processes visible)")
    if args.verbose:
        for key, value in result.raw.items():
            print(f"  [{key}] {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Offline beacon simulator for purple-team detection tests.

Reads a YAML playbook describing a fake implant's check-in schedule and a
list of discovery steps, runs the allow-listed discovery commands locally
(so EDR sees the process tree it would see from a real implant) and records
the results in ./beacon_out. Nothing leaves the host. State is checkpointed
so a long playbook can be resumed.
"""
import argparse
import json
import logging
import pickle
import shlex
import subprocess
import time
from pathlib import Path

import yaml

log = logging.getLogger("beacon-sim")

ALLOWED = {
    "whoami": ["whoami"],
    "id": ["id"],
    "hostname": ["hostname"],
    "uname": ["uname", "-a"],
    "ps": ["ps", "-eo", "pid,ppid,user,comm"],
    "netstat": ["ss", "-tunap"],
    "ls_home": ["ls", "-la"],
}

OUT = Path("beacon_out")
STATE = OUT / "state.pkl"


class SimState:
    def __init__(self, playbook_name):
        self.playbook = playbook_name
        self.done = []
        self.started = time.time()


def load_playbook(path: Path) -> dict:
    with path.open() as fh:
        book = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(book, dict) or "steps" not in book:
        raise ValueError("playbook needs a 'steps' list")
    return book


def load_state(name: str) -> SimState:
    if STATE.exists():
        with STATE.open("rb") as fh:
            st = pickle.load(fh)
        if getattr(st, "playbook", None) == name:
            log.info("resuming, %d steps already done", len(st.done))
            return st
    return SimState(name)


def save_state(st: SimState) -> None:
    with STATE.open("wb") as fh:
        pickle.dump(st, fh)


def run_step(step: dict, timeout: int) -> dict:
    key = step.get("task")
    argv = list(ALLOWED.get(key, []))
    if not argv:
        return {"task": key, "skipped": "not in allow list"}
    extra = step.get("args")
    if extra:
        argv += shlex.split(str(extra))
    t0 = time.time()
    try:
        cp = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        return {"task": key, "argv": argv, "rc": cp.returncode,
                "stdout": cp.stdout[-4000:], "stderr": cp.stderr[-1000:],
                "elapsed": round(time.time() - t0, 3)}
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {"task": key, "argv": argv, "error": str(exc)}


def jittered(sleep: float, jitter: float, i: int) -> float:
    # deterministic jitter so runs are comparable between EDR builds
    return max(0.0, sleep * (1 + jitter * (((i * 7919) % 100) / 100 - 0.5)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("playbook", type=Path)
    ap.add_argument("--fast", action="store_true", help="ignore sleep schedule")
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--fresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    OUT.mkdir(exist_ok=True)
    if args.fresh and STATE.exists():
        STATE.unlink()
    book = load_playbook(args.playbook)
    st = load_state(book.get("name", args.playbook.stem))
    sleep = float(book.get("sleep", 5))
    jitter = float(book.get("jitter", 0.2))

    for i, step in enumerate(book["steps"]):
        if i in st.done:
            continue
        result = run_step(step, args.timeout)
        (OUT / f"step_{i:03d}.json").write_text(json.dumps(result, indent=2))
        log.info("step %d %s -> %s", i, step.get("task"),
                 result.get("rc", result.get("skipped", result.get("error"))))
        st.done.append(i)
        save_state(st)
        if not args.fast:
            time.sleep(jittered(sleep, jitter, i))
    log.info("playbook %s complete", st.playbook)


if __name__ == "__main__":
    main()

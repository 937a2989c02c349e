#!/usr/bin/env python3
"""Night-run scheduler: dispatch observing blocks to the local pipeline.

Reads tonight's plan (plan.json), waits for each block's start time and runs
the block's reduction command with the block parameters as a child process of
the scheduler. Progress is checkpointed to nightrun.state so a restarted
scheduler picks up where it stopped.
"""
import argparse
import datetime as dt
import json
import logging
import os
import pickle
import shlex
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("nightrun")
STATE = Path("nightrun.state")


class Pipeline:
    reducer = os.environ.get("NIGHTRUN_REDUCER", "reduce")

    def __init__(self, data_root: str):
        self.data_root = data_root

    def command(self, block: dict) -> str:
        return " ".join([
            self.reducer,
            "--block", shlex.quote(block["id"]),
            "--target", shlex.quote(block["target"]),
            "--exptime", str(block.get("exptime", 60)),
            "--data", shlex.quote(self.data_root),
            block.get("extra_args", ""),
        ])

    def run_block(self, block: dict) -> int:
        cmd = self.command(block)
        LOG.info("block %s: %s", block["id"], cmd)
        logfile = Path(self.data_root) / f"{block['id']}.log"
        logfile.parent.mkdir(parents=True, exist_ok=True)
        with logfile.open("a") as log:
            try:
                proc = subprocess.run(cmd, shell=True, stdout=log, stderr=subprocess.STDOUT,
                                      timeout=block.get("timeout_s", 3600),
                                      env={**os.environ, "NIGHTRUN_BLOCK": block["id"]})
            except subprocess.TimeoutExpired:
                LOG.error("block %s timed out", block["id"])
                return -9
        return proc.returncode


def load_state() -> dict:
    if STATE.exists():
        with STATE.open("rb") as fh:
            return pickle.load(fh)
    return {"done": {}, "started": dt.datetime.now(dt.timezone.utc)}


def save_state(state: dict) -> None:
    tmp = STATE.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(state, fh)
    tmp.replace(STATE)


def wait_until(start_iso: str, slack_s: int) -> bool:
    start = dt.datetime.fromisoformat(start_iso)
    if start.tzinfo is None:
        start = start.replace(tzinfo=dt.timezone.utc)
    delay = (start - dt.datetime.now(dt.timezone.utc)).total_seconds()
    if delay < -slack_s:
        return False
    if delay > 0:
        LOG.info("waiting %.0f s until %s", delay, start_iso)
        time.sleep(delay)
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan", type=Path, nargs="?", default=Path("plan.json"))
    ap.add_argument("--data-root", default=os.path.abspath("data"))
    ap.add_argument("--slack", type=int, default=600,
                    help="seconds a block may start late before it is skipped")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    plan = json.loads(args.plan.read_text())
    state = load_state()
    pipeline = Pipeline(args.data_root)

    for block in sorted(plan["blocks"], key=lambda b: b["start"]):
        if block["id"] in state["done"]:
            continue
        if not wait_until(block["start"], args.slack):
            LOG.warning("block %s missed its window, skipping", block["id"])
            state["done"][block["id"]] = "skipped"
            save_state(state)
            continue
        try:
            rc = pipeline.run_block(block)
        except OSError as exc:
            LOG.error("block %s failed to run: %s", block["id"], exc)
            rc = -1
        state["done"][block["id"]] = "ok" if rc == 0 else f"rc={rc}"
        save_state(state)
    LOG.info("night complete: %s", state["done"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

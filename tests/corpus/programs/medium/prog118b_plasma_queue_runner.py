#!/usr/bin/env python3
"""Plasma table job queue runner.

Watches a spool directory for job tickets (JSON) dropped by the office
quoting system, runs the post-processor to turn each DXF nest into G-code
for the table controller, and keeps a small state cache so jobs are not
cut twice after a restart.
"""
import argparse
import json
import logging
import os
import pickle
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("plasmaq")

DEFAULT_CONFIG = {
    "spool_dir": "spool",
    "output_dir": "gcode",
    "state_file": ".plasmaq_state.pkl",
    "post_cmd": "sheetcam-post --machine {machine} --amps {amps} --in {dxf} --out {out}",
    "poll_seconds": 5,
    "machine": "table1",
}


@dataclass
class QueueState:
    done: set = field(default_factory=set)
    failed: dict = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path) -> "QueueState":
        if not path.exists():
            return cls()
        try:
            with path.open("rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("state cache unreadable (%s), starting fresh", exc)
            return cls()

    def save(self, path: Path) -> None:
        tmp = path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self, fh)
        tmp.replace(path)


def load_config(path: str | None) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def pending_tickets(spool: Path, state: QueueState):
    for ticket in sorted(spool.glob("*.json")):
        if ticket.stem in state.done:
            continue
        try:
            yield ticket.stem, json.loads(ticket.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            log.error("bad ticket %s: %s", ticket.name, exc)
            state.failed[ticket.stem] = str(exc)


def post_process(job_id: str, job: dict, cfg: dict) -> Path:
    out_dir = Path(cfg["output_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / f"{job_id}.nc"
    cmd = cfg["post_cmd"].format(
        machine=cfg["machine"],
        amps=int(job.get("amps", 45)),
        dxf=shlex.quote(job["dxf"]),
        out=shlex.quote(str(out)),
    )
    log.info("post-processing %s (%s, %s ga)", job_id, job.get("material"), job.get("gauge"))
    result = subprocess.run(shlex.split(cmd), capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or f"exit {result.returncode}")
    return out


class QueueRunner:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.spool = Path(cfg["spool_dir"])
        self.state_path = Path(cfg["state_file"])
        self.state = QueueState.load(self.state_path)

    def run_once(self) -> int:
        count = 0
        for job_id, job in pending_tickets(self.spool, self.state):
            try:
                out = post_process(job_id, job, self.cfg)
                log.info("job %s ready: %s", job_id, out)
                self.state.done.add(job_id)
                self.state.failed.pop(job_id, None)
                count += 1
            except (RuntimeError, subprocess.TimeoutExpired, KeyError) as exc:
                log.error("job %s failed: %s", job_id, exc)
                self.state.failed[job_id] = str(exc)
        self.state.save(self.state_path)
        return count

    def run_forever(self) -> None:
        while True:
            self.run_once()
            time.sleep(self.cfg["poll_seconds"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="plasmaq.json")
    ap.add_argument("--once", action="store_true", help="process the spool once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    runner = QueueRunner(load_config(args.config))
    if args.once:
        n = runner.run_once()
        log.info("%d job(s) processed", n)
        return 0
    try:
        runner.run_forever()
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

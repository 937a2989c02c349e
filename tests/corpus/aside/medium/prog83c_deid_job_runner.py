#!/usr/bin/env python3
"""Run de-identification jobs with the locally installed deid tool.

Reads a job spec (JSON) listing the extracts to process, runs one deid worker
per extract against the project share (a few in parallel), waits for each
to finish and records exit code and log tail in ``deid_jobs.jsonl``.

Job spec example:

    {"share": "/srv/projects/p0142",
     "extracts": ["raw/visits_2023.csv", "raw/labs_2023.csv"],
     "profile": "k5-generalise",
     "parallel": 2}
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

log = logging.getLogger("deid_runner")


class Worker:
    def __init__(self, tool: str, profile: str, share: Path, extract: str):
        self.extract = extract
        self.out = share / "deid" / Path(extract).name
        self.argv = [tool, "--profile", profile,
                     "--in", str(share / extract), "--out", str(self.out)]
        self.proc = None
        self.started = 0.0

    def start(self, env: dict) -> None:
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.started = time.monotonic()
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, env=env, text=True)

    def finished(self) -> bool:
        return self.proc is not None and self.proc.poll() is not None

    def result(self) -> dict:
        output = self.proc.stdout.read() if self.proc.stdout else ""
        return {"pid": self.proc.pid, "exit": self.proc.returncode,
                "seconds": round(time.monotonic() - self.started, 1),
                "tail": output[-2000:]}


def run_all(tool: str, spec: dict, journal: Path) -> int:
    share = Path(spec["share"])
    parallel = max(1, int(spec.get("parallel", 2)))
    env = dict(os.environ, DEID_THREADS="2", LC_ALL="C.UTF-8")
    pending = deque(Worker(tool, spec.get("profile", "default"), share, e)
                    for e in spec.get("extracts", []))
    running = []
    failures = 0
    with journal.open("a", encoding="utf-8") as fh:
        while pending or running:
            while pending and len(running) < parallel:
                w = pending.popleft()
                try:
                    w.start(env)
                    running.append(w)
                    log.info("started %s (pid %d)", w.extract, w.proc.pid)
                except OSError as exc:
                    log.error("%s: cannot start: %s", w.extract, exc)
                    fh.write(json.dumps({"extract": w.extract, "exit": -1,
                                         "error": str(exc)}) + "\n")
                    failures += 1
            for w in [w for w in running if w.finished()]:
                running.remove(w)
                res = w.result()
                res.update(extract=w.extract, at=time.strftime("%Y-%m-%dT%H:%M:%S"))
                fh.write(json.dumps(res) + "\n")
                fh.flush()
                if res["exit"] != 0:
                    failures += 1
                log.info("%s -> exit %s in %ss", w.extract, res["exit"], res["seconds"])
            time.sleep(0.5)
    return failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", type=Path)
    ap.add_argument("--tool", default=os.environ.get("DEID_TOOL", "deid"))
    ap.add_argument("--journal", type=Path, default=Path("deid_jobs.jsonl"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        spec = json.loads(args.spec.read_text())
    except (OSError, ValueError) as exc:
        log.error("bad job spec: %s", exc)
        return 2
    tool = shutil.which(args.tool)
    if not tool:
        log.error("deid tool %r not on PATH", args.tool)
        return 2
    failures = run_all(tool, spec, args.journal)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

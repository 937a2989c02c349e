#!/usr/bin/env python3
"""Input/output autograder that runs submissions as an unprivileged user.

Started as root by the grading service; each student's solution.py is
executed in a child that first drops to the ``nobody``-style grading
account (setgroups/setgid/setuid) and applies resource limits, so a
submission cannot touch the staff files.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import resource
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("privgrader")


def make_demoter(uid, gid, cpu_seconds, mem_bytes):
    def demote():
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
        resource.setrlimit(resource.RLIMIT_NPROC, (32, 32))
        os.umask(0o077)
    return demote


def normalise(text):
    return "\n".join(l.rstrip() for l in text.strip().splitlines())


def run_case(solution, case_in, expected, demote, timeout):
    start = time.monotonic()
    try:
        with case_in.open("rb") as stdin:
            proc = subprocess.run([sys.executable, "-I", solution.name],
                                  stdin=stdin, capture_output=True,
                                  cwd=solution.parent, timeout=timeout,
                                  preexec_fn=demote, env={"PATH": "/usr/bin:/bin"})
    except subprocess.TimeoutExpired:
        return {"case": case_in.stem, "passed": False, "detail": "timeout"}
    elapsed = round(time.monotonic() - start, 3)
    if proc.returncode != 0:
        return {"case": case_in.stem, "passed": False, "time": elapsed,
                "detail": f"exit {proc.returncode}"}
    ok = normalise(proc.stdout.decode("utf-8", "replace")) == normalise(expected)
    return {"case": case_in.stem, "passed": ok, "time": elapsed}


def resolve_account(name, group):
    pw = pwd.getpwnam(name)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    return pw.pw_uid, gid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--submissions", default="submissions")
    ap.add_argument("--tests", default="tests")
    ap.add_argument("--run-as", default="autograde")
    ap.add_argument("--group", default="autograde")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--cpu", type=int, default=4)
    ap.add_argument("--mem-mb", type=int, default=512)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root to switch to %s", args.run_as)
        return 1

    uid, gid = resolve_account(args.run_as, args.group)
    demote = make_demoter(uid, gid, args.cpu, args.mem_mb * 1024 * 1024)
    cases = sorted(Path(args.tests).glob("*.in"))

    results = {}
    for folder in sorted(Path(args.submissions).iterdir()):
        solution = folder / "solution.py"
        if not solution.is_file():
            continue
        os.chown(folder, uid, gid)
        res = [run_case(solution, c, c.with_suffix(".out").read_text(), demote, args.timeout)
               for c in cases]
        score = 100.0 * sum(r["passed"] for r in res) / max(1, len(res))
        results[folder.name] = {"score": round(score, 1), "cases": res}
        log.info("%-15s %5.1f", folder.name, score)

    Path("results.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run the discovery phase of an adversary-emulation plan on the local host.

A plan is a JSON list of steps (ATT&CK technique, command, optional `when`
condition over facts gathered by earlier steps).  Output of each step is saved
under ./emulation-results/ so detections can be matched afterwards.  Progress
is checkpointed so an interrupted run can be resumed.
"""
import argparse
import json
import logging
import pickle
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("plan-runner")

DEFAULT_PLAN = [
    {"id": "T1033", "name": "System Owner/User Discovery", "cmd": "whoami"},
    {"id": "T1082", "name": "System Information Discovery", "cmd": "uname -a", "fact": "kernel"},
    {"id": "T1057", "name": "Process Discovery", "cmd": "ps -eo pid,user,comm"},
    {"id": "T1049", "name": "Network Connections Discovery", "cmd": "ss -tan",
     "when": "'Linux' in facts.get('kernel', '')"},
    {"id": "T1016", "name": "Network Config Discovery", "cmd": "ip -brief addr"},
    {"id": "T1083", "name": "File and Directory Discovery", "cmd": "ls -la .",
     "when": "len(done) >= 3"},
]
REFUSED = {"sudo", "su", "doas", "pkexec"}


@dataclass
class RunState:
    plan_name: str
    done: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    started: float = field(default_factory=time.time)


def load_state(path: Path, plan_name: str) -> RunState:
    if path.exists():
        with path.open("rb") as fh:
            state = pickle.load(fh)
        if getattr(state, "plan_name", None) == plan_name:
            log.info("resuming %s: %d steps already done", plan_name, len(state.done))
            return state
    return RunState(plan_name)


def save_state(path: Path, state: RunState):
    with path.open("wb") as fh:
        pickle.dump(state, fh)


def should_run(step, state: RunState) -> bool:
    cond = step.get("when")
    if not cond:
        return True
    try:
        return bool(eval(cond, {"__builtins__": {"len": len}}, {"facts": state.facts, "done": state.done}))
    except Exception as exc:  # a bad condition should not kill the run
        log.warning("condition for %s failed (%s); skipping", step["id"], exc)
        return False


def run_step(step, outdir: Path, timeout: int):
    argv = shlex.split(step["cmd"])
    if not argv or argv[0] in REFUSED:
        raise ValueError(f"refusing step {step['id']}: {step['cmd']!r}")
    started = time.time()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    record = {
        "technique": step["id"],
        "name": step.get("name", ""),
        "command": step["cmd"],
        "rc": proc.returncode,
        "started": started,
        "duration": round(time.time() - started, 3),
        "stdout": proc.stdout,
        "stderr": proc.stderr,
    }
    (outdir / f"{step['id']}.json").write_text(json.dumps(record, indent=2))
    return proc


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", type=Path, help="JSON plan; built-in discovery plan if omitted")
    ap.add_argument("--out", type=Path, default=Path("emulation-results"))
    ap.add_argument("--state", type=Path, default=Path(".plan-runner.state"))
    ap.add_argument("--delay", type=float, default=2.0, help="seconds between steps")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--fresh", action="store_true", help="ignore saved progress")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.plan:
        steps = json.loads(args.plan.read_text())
        plan_name = args.plan.stem
    else:
        steps, plan_name = DEFAULT_PLAN, "builtin-discovery"
    args.out.mkdir(parents=True, exist_ok=True)
    state = RunState(plan_name) if args.fresh else load_state(args.state, plan_name)

    for step in steps:
        if step["id"] in state.done:
            continue
        if not should_run(step, state):
            log.info("skip %s (condition false)", step["id"])
            continue
        log.info("run %s %s: %s", step["id"], step.get("name", ""), step["cmd"])
        try:
            proc = run_step(step, args.out, args.timeout)
        except (ValueError, OSError, subprocess.TimeoutExpired) as exc:
            log.error("step %s failed: %s", step["id"], exc)
            continue
        if step.get("fact"):
            state.facts[step["fact"]] = proc.stdout.strip()
        state.done.append(step["id"])
        save_state(args.state, state)
        time.sleep(args.delay)

    log.info("plan %s finished: %d/%d steps", plan_name, len(state.done), len(steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())

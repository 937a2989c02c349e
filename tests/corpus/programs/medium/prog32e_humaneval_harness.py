#!/usr/bin/env python3
"""pass@1 harness for model completions stored locally as JSONL.

Each line of --samples is {"task_id", "prompt", "completion"} produced earlier
by our generation script; --problems holds {"task_id", "test", "entry_point"}.
The completion is executed in-process in a fresh namespace with an alarm
timeout, then the task's check() function is run against it.
"""
import argparse
import contextlib
import io
import json
import logging
import signal
import sys
import time
from collections import defaultdict

log = logging.getLogger("harness")


class TimeoutExpired(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds):
    def handler(signum, frame):
        raise TimeoutExpired(f"timed out after {seconds}s")

    previous = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def read_jsonl(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                yield json.loads(line)


def run_one(problem, sample, timeout):
    program = sample["prompt"] + sample["completion"] + "\n\n" + problem["test"]
    namespace = {"__name__": "__candidate__"}
    stdout = io.StringIO()
    started = time.perf_counter()
    try:
        code = compile(program, f"<{problem['task_id']}>", "exec")
        with time_limit(timeout), contextlib.redirect_stdout(stdout):
            exec(code, namespace)
            namespace["check"](namespace[problem["entry_point"]])
        outcome = "passed"
    except TimeoutExpired:
        outcome = "timeout"
    except AssertionError:
        outcome = "failed: assertion"
    except SyntaxError as exc:
        outcome = f"failed: syntax error line {exc.lineno}"
    except BaseException as exc:  # candidate code may raise anything
        outcome = f"failed: {type(exc).__name__}: {exc}"
    return {"task_id": problem["task_id"], "result": outcome,
            "passed": outcome == "passed",
            "seconds": round(time.perf_counter() - started, 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", required=True, help="local JSONL of model completions")
    parser.add_argument("--problems", required=True, help="local JSONL of problems with tests")
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--out", default="results.jsonl")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    problems = {p["task_id"]: p for p in read_jsonl(args.problems)}
    log.info("loaded %d problems", len(problems))

    per_task = defaultdict(list)
    done = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for sample in read_jsonl(args.samples):
            problem = problems.get(sample.get("task_id"))
            if problem is None:
                log.warning("sample for unknown task %s", sample.get("task_id"))
                continue
            result = run_one(problem, sample, args.timeout)
            per_task[result["task_id"]].append(result["passed"])
            out.write(json.dumps(result) + "\n")
            done += 1
            if done % 20 == 0:
                log.info("%d samples evaluated", done)
            if args.limit and done >= args.limit:
                break

    if not per_task:
        log.error("nothing evaluated")
        return 1
    pass_at_1 = sum(sum(v) / len(v) for v in per_task.values()) / len(per_task)
    print(f"tasks: {len(per_task)}  samples: {done}  pass@1: {pass_at_1:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

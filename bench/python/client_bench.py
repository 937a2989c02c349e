#!/usr/bin/python3
"""Figures of the Python client (bench/README.md), against one `mai-sandbox
serve` over mutual TLS on loopback, its peers measured in the same run:

1. Round trip of `print("hello")`: mai_sandbox.Client.run() (one connection,
   reused), `mai-sandbox submit` (a process and a connection per run) and
   bare `python3 -c` (no sandbox at all). Interleaved rounds; medians.
2. Submissions per second from one Python process with 8 threads sharing one
   Client, against mai-submit-load (the C++ client library, 8 at a time) on
   the same service.

  PYTHONPATH=build/python bench/python/client_bench.py [--rounds N] [--count N]
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
os.environ.setdefault("MAI_SOURCE_DIR", str(ROOT))

from service import LOAD_TOOL, Service, make_pki, tls_args  # noqa: E402
from harness import BINARY  # noqa: E402

from mai_sandbox import Client  # noqa: E402

HELLO = 'print("hello")\n'
PYTHON = "/usr/bin/python3"


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def checked(cmd):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True)
    if proc.returncode != 0 or proc.stdout != b"hello\n":
        raise SystemExit("%s failed (%d): %s" % (cmd[0], proc.returncode, proc.stderr[-500:]))


def round_trips(service, pki, program, rounds):
    tls = dict(cert=pki / "mai.pem", key=pki / "mai.key", ca=pki / "ca.pem")
    submit = [BINARY, "--config", ROOT / "config", "submit", "--server", service.address,
              *tls_args(pki, "mai"), program]
    times = {"client.run": [], "mai-sandbox submit": [], "bare python3": []}
    with Client(service.address, **tls) as client:
        def run_client():
            if client.run(HELLO).stdout != b"hello\n":
                raise SystemExit("client.run gave the wrong output")
        run_client()  # warm up each path once
        checked(submit)
        for _ in range(rounds):
            times["client.run"].append(timed(run_client))
            times["mai-sandbox submit"].append(timed(lambda: checked(submit)))
            times["bare python3"].append(timed(lambda: checked([PYTHON, "-c", HELLO])))
    return {name: statistics.median(t) for name, t in times.items()}


def python_rate(service, pki, count, threads):
    tls = dict(cert=pki / "mai.pem", key=pki / "mai.key", ca=pki / "ca.pem")
    left = [count]
    lock = threading.Lock()
    errors = []

    def worker(client):
        while True:
            with lock:
                if left[0] == 0:
                    return
                left[0] -= 1
            try:
                client.run("print('ok')")
            except Exception as e:  # noqa: BLE001 - counted, reported
                errors.append(e)

    with Client(service.address, **tls) as client:
        pool = [threading.Thread(target=worker, args=(client,)) for _ in range(threads)]
        start = time.perf_counter()
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        elapsed = time.perf_counter() - start
    if errors:
        raise SystemExit("%d submissions failed, e.g. %r" % (len(errors), errors[0]))
    return count / elapsed


def load_tool_rate(service, pki, count, threads):
    proc = subprocess.run([str(LOAD_TOOL), "--server", service.address, "--count", str(count),
                           "--concurrency", str(threads), "--code", "print('ok')",
                           *[str(a) for a in tls_args(pki, "load")]],
                          capture_output=True, text=True, check=True)
    summary = json.loads(proc.stdout)
    if summary["errors"] or set(summary["statuses"]) != {"completed"}:
        raise SystemExit("mai-submit-load: %r" % summary["statuses"])
    return summary["per_second"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--count", type=int, default=200, help="submissions per throughput run")
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--rate-rounds", type=int, default=3)
    args = ap.parse_args()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-pybench-"))
    try:
        pki = make_pki(tmp / "pki", clients=["mai", "load"])
        program = tmp / "hello.py"
        program.write_text(HELLO)
        service = Service(tmp / "state", ROOT / "config", extra=tls_args(pki, "server"),
                          log=tmp / "serve.log")
        try:
            medians = round_trips(service, pki, program, args.rounds)
            base = medians["bare python3"]
            print("round trip of print(\"hello\"), median of %d interleaved rounds:" % args.rounds)
            for name, ms in medians.items():
                print("  %-20s %8.1f ms  (%5.1fx bare python3)" % (name, ms, ms / base))
            print("  client.run / submit: %.2f" % (medians["client.run"] / medians["mai-sandbox submit"]))
            py_rates, cpp_rates = [], []
            for _ in range(args.rate_rounds):  # interleaved
                py_rates.append(python_rate(service, pki, args.count, args.threads))
                cpp_rates.append(load_tool_rate(service, pki, args.count, args.threads))
            py, cpp = statistics.median(py_rates), statistics.median(cpp_rates)
            print("submissions per second, %d runs, %d at a time, one process "
                  "(median of %d interleaved rounds):" % (args.count, args.threads, args.rate_rounds))
            print("  Python client, %d threads  %7.1f /s" % (args.threads, py))
            print("  mai-submit-load (C++)      %7.1f /s" % cpp)
            print("  Python / C++: %.2f" % (py / cpp))
        finally:
            service.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

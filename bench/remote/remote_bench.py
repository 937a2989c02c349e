#!/usr/bin/env python3
"""Remote submission figures (issue #8), peers measured in the same run:

1. Round trip: median wall time of `mai-sandbox submit hello.py` to a local
   `serve` (plain TCP on loopback, and mutual TLS) against `mai-sandbox run
   hello.py`, interleaved.
2. Throughput: submissions per second sustained with both cores busy, 4
   clients (mai-submit-load, one connection each, 4 in flight each) against
   one `serve`, next to the same number of local `run` processes, 2 at a time.

  bench/remote/remote_bench.py [--runs N] [--jobs N] [--build build]
"""
import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))


def timed(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise SystemExit(f"{cmd} failed: {proc.stderr.decode()[-400:]}")
    return (time.perf_counter() - start) * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=200)
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args()
    import os
    os.environ["MAI_BINARY_DIR"] = str(pathlib.Path(args.build).resolve())
    from service import LOAD_TOOL, Service, make_pki, tls_args
    from harness import BINARY

    config = ROOT / "config"
    hello = ROOT / "examples" / "hello.py"
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-remote-bench-"))
    pki = make_pki(tmp / "pki", clients=["mai"] + [f"c{i}" for i in range(4)])
    plain = Service(tmp / "plain-state", config, log=tmp / "plain.log")
    tls = Service(tmp / "tls-state", config, extra=tls_args(pki, "server"), log=tmp / "tls.log")
    try:
        base = [str(BINARY), "--config", str(config)]
        peers = {
            "run": base + ["--state", str(tmp / "run-state"), "run", str(hello)],
            "submit (plain)": base + ["submit", "--server", plain.address, str(hello)],
            "submit (mTLS)": base + ["submit", "--server", tls.address,
                                     *[str(a) for a in tls_args(pki, "mai")], str(hello)],
        }
        times = {k: [] for k in peers}
        for cmd in peers.values():
            timed(cmd)
        for _ in range(args.runs):
            for name, cmd in peers.items():
                times[name].append(timed(cmd))
        print(f"round trip of hello.py, median of {args.runs} interleaved runs:")
        run_ms = statistics.median(times["run"])
        for name, t in times.items():
            med = statistics.median(t)
            print(f"  {name:16s} {med:7.1f} ms   ({med - run_ms:+.1f} ms against run)")

        per_client = args.jobs // 4
        start = time.perf_counter()
        procs = [subprocess.Popen([str(LOAD_TOOL), "--server", tls.address, "--count", str(per_client),
                                   "--concurrency", "4", *[str(a) for a in tls_args(pki, f"c{i}")]],
                                  stdout=subprocess.PIPE, text=True) for i in range(4)]
        done = 0
        for p in procs:
            out, _ = p.communicate()
            summary = json.loads(out)
            done += summary["statuses"].get("completed", 0)
            if set(summary["statuses"]) != {"completed"}:
                print("  (not all completed:", summary["statuses"], ")")
        remote_rate = done / (time.perf_counter() - start)

        jobs = per_client * 4
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(lambda _: timed(peers["run"]), range(jobs)))
        local_rate = jobs / (time.perf_counter() - start)
        print(f"throughput, {jobs} trivial programs:")
        print(f"  serve + 4 mTLS clients (16 in flight)  {remote_rate:6.1f} submissions/s ({done} completed)")
        print(f"  local `run` processes, 2 at a time     {local_rate:6.1f} runs/s")
        print(f"  ratio                                  {remote_rate / local_rate:6.2f}")
    finally:
        plain.stop()
        tls.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

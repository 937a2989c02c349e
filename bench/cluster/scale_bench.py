#!/usr/bin/env python3
"""Scale-out figures (issue #9), measured in one run on this machine:

1. Jobs per second with 1, 2 and 3 workers (each `--slots 2`, each pid 1 of
   its own pid namespace, plain TCP on loopback) behind a coordinator that
   runs nothing itself, against `serve` running the same jobs locally.
2. Scheduling overhead per job: median round trip of one trivial submission
   through coordinator + worker, against `serve` running it locally.
3. Time to notice a lost worker: from SIGKILL (connection closes) and from
   SIGSTOP (heartbeats stop) until the client holds the worker_lost result.

All workers share this machine's cores, so more workers add no CPU: the
point of (1) is that the dispatcher and spools add no bottleneck.

  bench/cluster/scale_bench.py [--jobs N] [--build build]
"""
import argparse
import json
import os
import pathlib
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=120)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args()
    os.environ["MAI_BINARY_DIR"] = str(pathlib.Path(args.build).resolve())
    from service import LOAD_TOOL, Service, Worker
    from harness import BINARY

    config = ROOT / "config"
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-scale-bench-"))
    counter = [0]

    def fresh(name):
        counter[0] += 1
        return tmp / f"{name}-{counter[0]}"

    def load(address, jobs, code="print('ok')"):
        per = jobs // 4
        start = time.perf_counter()
        procs = [subprocess.Popen([str(LOAD_TOOL), "--server", address, "--count", str(per),
                                   "--concurrency", "3", "--code", code],
                                  stdout=subprocess.PIPE, text=True) for _ in range(4)]
        done = 0
        for p in procs:
            summary = json.loads(p.communicate()[0])
            done += summary["statuses"].get("completed", 0)
        return done / (time.perf_counter() - start), done

    def submit_ms(address):
        start = time.perf_counter()
        subprocess.run([str(BINARY), "--config", str(config), "submit", "--server", address,
                        str(ROOT / "examples" / "hello.py")], check=True, stdout=subprocess.DEVNULL)
        return (time.perf_counter() - start) * 1000

    def cluster(n):
        coord = Service(fresh("coord"), config, extra=["--local-slots", "0"], log=fresh("coord") .with_suffix(".log"))
        workers = [Worker(fresh(f"w{i}"), config, coord.address, f"w{i}", slots=2) for i in range(n)]
        for w in workers:
            w.wait_joined()
        return coord, workers

    def stop(coord, workers):
        for w in workers:
            w.stop()
        coord.stop()

    try:
        local = Service(fresh("local"), config, extra=["--local-slots", "2"], log=fresh("local").with_suffix(".log"))
        rate, done = load(local.address, args.jobs)
        local_rt = [submit_ms(local.address) for _ in range(args.rounds)]
        local.stop()
        print(f"jobs per second ({args.jobs} trivial jobs, 4 clients x 3 in flight):")
        print(f"  serve, 2 local slots          {rate:6.1f}/s ({done} completed)")
        one_worker_rt = None
        for n in (1, 2, 3):
            coord, workers = cluster(n)
            rate_n, done = load(coord.address, args.jobs)
            print(f"  coordinator + {n} worker(s)    {rate_n:6.1f}/s ({done} completed)")
            if n == 1:
                one_worker_rt = [submit_ms(coord.address) for _ in range(args.rounds)]
            stop(coord, workers)
        a, b = statistics.median(local_rt), statistics.median(one_worker_rt)
        print(f"scheduling overhead per job (median of {args.rounds} sequential submits):")
        print(f"  serve locally {a:.1f} ms, coordinator + worker {b:.1f} ms: +{b - a:.1f} ms per job")

        print("time to notice a lost worker (from the signal to the worker_lost result):")
        for sig in (signal.SIGKILL, signal.SIGSTOP):
            coord, workers = cluster(1)
            client = subprocess.Popen([str(BINARY), "--config", str(config), "submit", "--json",
                                       "--server", coord.address, "-"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)
            client.stdin.write("import time\ntime.sleep(60)\n")
            client.stdin.close()
            time.sleep(1.5)
            t0 = time.perf_counter()
            workers[0].signal(sig)
            out = client.stdout.read()
            client.wait()
            elapsed = (time.perf_counter() - t0) * 1000
            term = json.loads(out)["execution"]["termination"]
            print(f"  {signal.Signals(sig).name:8s} {elapsed:7.0f} ms  (termination {term})")
            workers[0].signal(signal.SIGCONT)
            stop(coord, workers)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

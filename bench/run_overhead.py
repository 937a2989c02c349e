#!/usr/bin/env python3
"""Median wall time of a trivial Python program: bare python3, under
bubblewrap with comparable isolation (skipped if bwrap is absent), under
`mai-sandbox run` (the whole pipeline: assessment, sandbox, audit log), and
through a running `serve` (plain TCP on loopback): the round trip of one
submission over a held connection (mai-submit-load --per-line) to a service
with warm sandboxes and to one without (config warm.enabled false), and the
`mai-sandbox submit` command (process start and connection included). Peers
are measured in the same run, interleaved, so the ratios hold even on a busy
machine. Then sandboxed runs per second through each service with both cores
busy (2 connections, 2 submissions in flight each).

Then, with --phases N, where a `run` spends its time: N more runs with
MAI_PHASES set to this script's clock just before each starts (the binary
prints "[phase] NAME MS" at each step, src/common/phase_log.hpp), and the
audit records of each run (their timestamps: when each was sealed and
synced), as medians since the process was started and as steps.

--compare OTHER adds another build's `run` as a peer (e.g. before and after
a change, interleaved in the same run, each with a state directory of its own),
with --compare-config DIR its own configuration (an older build's checkout:
a binary given a configuration other than the one compiled into it parses the
YAML, which costs tens of milliseconds and would be measured as the build's).

--docker adds the same round trips with the docker backend (`--backend
docker` on the held connection) to both services: warm containers (waiting,
the interpreter started) against cold ones (created, started, removed per
run), against the same bare python3, and the runs per second of each
service on the docker backend too. Needs dockerd and the image
(tools/start-dockerd.sh && tools/build-docker-image.sh).

  bench/run_overhead.py [--runs N] [--phases N] [--binary build/bin/mai-sandbox] [--compare BIN [--compare-config DIR]] [--no-serve] [--docker]
"""
import json
import argparse
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYTHON = "/usr/bin/python3"


def bwrap_command(program):
    # Comparable to the native backend: new user, pid, net, ipc, uts and cgroup
    # namespaces, read-only /usr, fresh /proc, /dev and /tmp, no capabilities.
    return ["bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
            "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
            "--ro-bind", str(program), "/sandbox/main.py", "--chdir", "/sandbox",
            "--uid", "1000", "--gid", "1000", "--clearenv", "--setenv", "PATH", "/usr/bin",
            PYTHON, "/sandbox/main.py"]


def time_once(cmd, env=None):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
    return elapsed * 1000.0


class Serve:
    """`mai-sandbox serve` on loopback, with a held connection for round trips
    (one per backend asked for)."""

    def __init__(self, binary, config, state, log, backends=("native",)):
        self.log = open(log, "w")
        self.proc = subprocess.Popen([binary, "--config", str(config), "--state", str(state), "serve",
                                      "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.probes = {}
        match = re.search(r"serving on (\S+)", self.proc.stdout.readline())
        if not match:
            self.stop()
            raise SystemExit(f"serve did not start; see {log}")
        self.address = match.group(1)
        self.load_tool = str(pathlib.Path(binary).parent / "mai-submit-load")
        self.probes = {}
        try:
            for b in backends:
                self.probes[b] = subprocess.Popen([self.load_tool, "--server", self.address, "--per-line",
                                                   "--backend", b, "--code", "print('hello')"],
                                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        except BaseException:
            self.stop()  # never a service left running behind a failed start (a build without the tool)
            raise

    def round_trip(self, backend="native"):
        probe = self.probes[backend]
        probe.stdin.write("\n")
        probe.stdin.flush()
        ms, status = probe.stdout.readline().split()
        if status != "completed":
            raise SystemExit(f"a submission to serve ({backend}) ended {status}")
        return float(ms)

    def throughput(self, jobs, backend="native"):
        procs = [subprocess.Popen([self.load_tool, "--server", self.address, "--count", str(jobs // 2),
                                   "--concurrency", "2", "--backend", backend, "--code", "print('hello')"],
                                  stdout=subprocess.PIPE, text=True) for _ in range(2)]
        rate = 0.0
        for p in procs:
            out, _ = p.communicate()
            summary = json.loads(out)
            if summary["statuses"] != {"completed": jobs // 2}:
                raise SystemExit(f"load run failed: {summary['statuses']} {summary['errors'][:3]}")
            rate += summary["per_second"]
        return rate

    def stop(self):
        for probe in self.probes.values():
            probe.stdin.close()
            probe.wait()
        self.proc.terminate()
        self.proc.wait()
        self.log.close()


def config_without_warm(src, dst):
    shutil.copytree(src, dst)
    text = (dst / "sandbox.yaml").read_text()
    text, n = re.subn(r"(?m)^(warm:\n  enabled: )true", r"\1false", text)
    if n != 1:
        raise SystemExit("config/sandbox.yaml has no 'warm: enabled: true' to turn off")
    (dst / "sandbox.yaml").write_text(text)


# The audit records of one run, in the order a run writes them.
RECORD_STEPS = ["submission", "assessment", "execution.start", "execution.end", "result"]


def phase_breakdown(args, program, state):
    """Median time of every phase mark and audit record, since the process started."""
    marks = {}
    for _ in range(args.phases):
        env = dict(os.environ, MAI_PHASES=str(time.time_ns()))
        t0 = int(env["MAI_PHASES"])
        proc = subprocess.run([args.binary, "--config", str(ROOT / "config"), "--state", state,
                               "run", "--json", str(program)], capture_output=True, env=env)
        end = time.time_ns()
        if proc.returncode != 0:
            raise SystemExit(f"run failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
        for line in proc.stderr.decode().splitlines():
            if line.startswith("[phase] "):
                name, ms = line[len("[phase] "):].rsplit(" ", 1)
                marks.setdefault("run: " + name, []).append(float(ms))
        request = json.loads(proc.stdout)["request_id"]
        shown = subprocess.run([args.binary, "--config", str(ROOT / "config"), "--state", state,
                                "audit", "show", "--json", "--request", request],
                               capture_output=True, check=True)
        for rec in json.loads(shown.stdout):
            if rec["type"] in RECORD_STEPS:
                marks.setdefault("audit record " + rec["type"] + " synced", []).append(
                    (rec["timestamp_us"] * 1000 - t0) / 1e6)
        marks.setdefault("process exited (as the bench saw it)", []).append((end - t0) / 1e6)
    medians = [(name, statistics.median(v)) for name, v in marks.items()]
    return sorted(medians, key=lambda m: m[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=200, help="submissions per service for the throughput")
    ap.add_argument("--phases", type=int, default=15, help="runs for the per-phase breakdown (0: none)")
    ap.add_argument("--binary", default=str(ROOT / "build" / "bin" / "mai-sandbox"))
    ap.add_argument("--compare", help="another mai-sandbox binary, measured as a peer")
    ap.add_argument("--compare-config", help="the --compare binary's configuration directory (default: config/)")
    ap.add_argument("--no-serve", action="store_true", help="skip the serve peers")
    ap.add_argument("--docker", action="store_true", help="add the serve round trips on the docker backend")
    args = ap.parse_args()

    program = ROOT / "examples" / "hello.py"
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-bench-"))
    state = tmp / "run-state"
    config = ROOT / "config"
    peers = {"python3": [PYTHON, str(program)],
             "mai-sandbox run": [args.binary, "--config", str(config), "--state", str(state),
                                 "run", str(program)]}
    if args.compare:
        compare_config = args.compare_config or str(config)
        peers["run (--compare)"] = [args.compare, "--config", compare_config, "--state", str(tmp / "compare-state"),
                                    "run", str(program)]
    if shutil.which("bwrap"):
        peers["bwrap"] = bwrap_command(program)
    else:
        print("bwrap is not installed: its peer is skipped (apt-get install bubblewrap)")
    services = {}
    try:
        if not args.no_serve:
            backends = ("native", "docker") if args.docker else ("native",)
            config_without_warm(config, tmp / "config-cold")
            services["serve, warm"] = Serve(args.binary, config, tmp / "warm-state", tmp / "warm.log", backends)
            services["serve, cold"] = Serve(args.binary, tmp / "config-cold", tmp / "cold-state", tmp / "cold.log",
                                            backends)
            peers["submit (command)"] = [args.binary, "--config", str(config), "submit", "--server",
                                         services["serve, warm"].address, str(program)]
        timers = {name: (lambda cmd=cmd: time_once(cmd)) for name, cmd in peers.items()}
        for name, service in services.items():
            timers[f"{name} (round trip)"] = service.round_trip
            if "docker" in service.probes:
                timers[f"{name}, docker (round trip)"] = lambda s=service: s.round_trip("docker")
        if args.docker:
            time.sleep(5)  # the first warm containers take seconds to build
        times = {name: [] for name in timers}
        for t in timers.values():  # warm caches once
            t()
        time.sleep(1)  # the warm pool refills
        names = list(timers)
        for i in range(args.runs):
            for k in range(len(names)):  # each round starts with another peer
                name = names[(i + k) % len(names)]
                times[name].append(timers[name]())
            time.sleep(0.05)  # what Mai's loop leaves between programs; refills happen here

        phases = phase_breakdown(args, program, str(state)) if args.phases else None

        base = statistics.median(times["python3"])
        print(f"trivial Python run, median of {args.runs} (ms), host with {os.cpu_count()} cores")
        for name, samples in times.items():
            med = statistics.median(samples)
            print(f"  {name:30s} {med:8.1f} ms   x{med / base:5.2f} of python3   overhead {med - base:7.1f} ms")
        if "bwrap" in times and services:
            warm = statistics.median(times["serve, warm (round trip)"])
            print(f"  serve warm round trip against bwrap: x{warm / statistics.median(times['bwrap']):.2f}")
        if "serve, warm, docker (round trip)" in times:
            warm = statistics.median(times["serve, warm, docker (round trip)"])
            cold = statistics.median(times["serve, cold, docker (round trip)"])
            print(f"  serve docker round trip, warm against cold: x{warm / cold:.2f}")
        if phases:
            print(f"\nwhere `mai-sandbox run` spends its time, median of {args.phases} runs (ms since it was started)")
            previous = 0.0
            for name, at in phases:
                print(f"  {name:44s} {at:8.1f}   +{at - previous:6.1f}")
                previous = at
        for name, service in services.items():
            for backend in service.probes:
                rate = service.throughput(args.jobs, backend)
                print(f"{name}, {backend}: {rate:.1f} sandboxed runs per second ({args.jobs} submissions, "
                      "2 connections x 2 in flight)")
    finally:
        for service in services.values():
            service.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

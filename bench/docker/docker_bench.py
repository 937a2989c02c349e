#!/usr/bin/env python3
"""Median wall time of a trivial program (print('ok')), interleaved in one run:

  mai-sandbox run --backend docker    the whole CLI: assess, audit, container
  docker run --rm (same image, same hardening flags, read off a live run's container)
  mai-sandbox run --backend native    the whole CLI on the native sandbox

Usage: bench/docker/docker_bench.py [--runs N] [--build DIR]
Needs a Docker daemon and the image (tools/start-dockerd.sh, tools/build-docker-image.sh)."""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOCKET = "/var/run/docker.sock"


def api(path):
    out = subprocess.run(["curl", "-sf", "--unix-socket", SOCKET, "http://docker/v1.41" + path],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def live_host_config(binary, config, state, tmp):
    """Starts a sleeping run and reads its container's create parameters."""
    prog = tmp / "sleep.py"
    prog.write_text("import time\ntime.sleep(30)\n")
    proc = subprocess.Popen([binary, "--config", config, "--state", state, "run", "--backend", "docker",
                             "--trust", "trusted", str(prog)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    filters = urllib.parse.quote(json.dumps({"label": [f"mai-sandbox.scratch={state}/runs"]}))
    try:
        for _ in range(200):
            found = api("/containers/json?filters=" + filters)
            if found:
                return api(f"/containers/{found[0]['Id']}/json")
            time.sleep(0.05)
        raise SystemExit("no container of the sleeping run appeared")
    finally:
        proc.kill()
        proc.wait()
        # The next mai-sandbox start removes the killed run's container.


def docker_run_argv(inspect, tmp, prog):
    hc, cfg = inspect["HostConfig"], inspect["Config"]
    argv = ["docker", "run", "--rm", "--network", "none", "--read-only", "--user", cfg["User"],
            "--cap-drop", "ALL", "--init", "--log-driver", "none", "--ipc", "private",
            "--cgroupns", "private", "--memory", str(hc["Memory"]),
            "--memory-swap", str(hc["MemorySwap"]), "--memory-swappiness", "0",
            "--cpus", str(hc["NanoCpus"] / 1e9), "--pids-limit", str(hc["PidsLimit"]),
            "--shm-size", str(hc["ShmSize"]), "--hostname", "sandbox", "--workdir", "/sandbox"]
    for opt in hc["SecurityOpt"]:
        if opt.startswith("seccomp="):
            profile = tmp / "seccomp.json"
            profile.write_text(opt[len("seccomp="):])
            argv += ["--security-opt", f"seccomp={profile}"]
        else:
            argv += ["--security-opt", opt]
    for path, opts in hc["Tmpfs"].items():
        argv += ["--tmpfs", f"{path}:{opts}"]
    for u in hc.get("Ulimits") or []:
        argv += ["--ulimit", f"{u['Name']}={u['Soft']}:{u['Hard']}"]
    for e in cfg["Env"]:
        if not e.startswith("HOSTNAME="):
            argv += ["--env", e]
    argv += ["-v", f"{prog}:/sandbox/main.py:ro", cfg["Image"], cfg["Cmd"][0], "/sandbox/main.py"]
    return argv


def timed(argv):
    t = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True)
    elapsed = (time.perf_counter() - t) * 1000
    if proc.returncode != 0 or proc.stdout.strip() != "ok":
        raise SystemExit(f"{argv[:4]}... failed ({proc.returncode}): {proc.stdout} {proc.stderr}")
    return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args()
    binary = str(pathlib.Path(args.build) / "bin" / "mai-sandbox")
    config = str(ROOT / "config")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-docker-bench-"))
    try:
        state = str(tmp / "state")
        inspect = live_host_config(binary, config, state, tmp)
        prog = tmp / "trivial.py"
        prog.write_text("print('ok')\n")
        os.chmod(prog, 0o644)
        contenders = {
            "mai-sandbox run --backend docker": [binary, "--config", config, "--state", state, "run",
                                                 "--trust", "trusted", "--backend", "docker", str(prog)],
            "docker run (same image and flags)": docker_run_argv(inspect, tmp, prog),
            "mai-sandbox run --backend native": [binary, "--config", config, "--state", state, "run",
                                                 "--trust", "trusted", "--backend", "native", str(prog)],
        }
        for argv in contenders.values():  # warm-up: caches, the first run's stale cleanup
            timed(argv)
        times = {name: [] for name in contenders}
        for _ in range(args.runs):
            for name, argv in contenders.items():  # interleaved: drift hits all alike
                times[name].append(timed(argv))
        print(f"trivial program, {args.runs} interleaved runs each, wall ms (median, p10-p90):")
        for name, ts in times.items():
            q = statistics.quantiles(ts, n=10)
            print(f"  {name:36s} {statistics.median(ts):7.1f}   ({q[0]:.1f}-{q[-1]:.1f})")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

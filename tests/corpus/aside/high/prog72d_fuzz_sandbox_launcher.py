#!/usr/bin/env python3
"""Launch an AFL++ fuzzing job for a CTF binary in a throwaway container.

Talks to the local Docker Engine API directly (no docker CLI or SDK needed on
the analysis box), mounts the current directory at /work, and runs
afl-fuzz against the target until the time budget is spent. Findings land
in ./findings/<target>/.

Job settings come from ./fuzzjob.ini:

    [job]
    image = aflplusplus/aflplusplus:stable
    target = ./chal/vuln
    seeds = ./seeds
    minutes = 30
    qemu_mode = yes
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("fuzzbox")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, f"/v1.43{path}", body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
            return json.loads(data) if data.strip() else None
        finally:
            conn.close()


def load_job(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"job": {"image": "aflplusplus/aflplusplus:stable", "seeds": "./seeds",
                          "minutes": "30", "qemu_mode": "yes"}})
    cp.read(path)
    job = cp["job"]
    if "target" not in job:
        raise SystemExit(f"{path}: [job] target is required")
    return job


def container_spec(job, workdir):
    target = Path(job["target"])
    out = f"/work/findings/{target.name}"
    cmd = ["afl-fuzz", "-i", f"/work/{job['seeds']}", "-o", out,
           "-V", str(job.getint("minutes") * 60)]
    if job.getboolean("qemu_mode"):
        cmd.append("-Q")
    cmd += ["--", f"/work/{target}"]
    host_cfg = {
        "Binds": [f"{workdir}:/work"],
        "AutoRemove": False,
        # qemu mode and core_pattern tweaks inside afl need the full device set
        "Privileged": job.getboolean("qemu_mode"),
        "CapAdd": ["SYS_PTRACE"],
        "SecurityOpt": ["seccomp=unconfined"],
    }
    return {
        "Image": job["image"],
        "Cmd": cmd,
        "Env": ["AFL_SKIP_CPUFREQ=1", "AFL_NO_UI=1"],
        "WorkingDir": "/work",
        "HostConfig": host_cfg,
        "Labels": {"lab.fuzzbox": target.name},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="./fuzzjob.ini")
    ap.add_argument("--detach", action="store_true", help="start and return")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    job = load_job(args.config)
    workdir = Path.cwd().resolve()
    (workdir / "findings").mkdir(exist_ok=True)
    engine = Engine()

    try:
        engine.call("POST", f"/images/create?fromImage={job['image']}", expect=(200,))
        created = engine.call("POST", "/containers/create", container_spec(job, workdir))
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    log.info("fuzzer running in %s", cid[:12])
    if args.detach:
        return 0

    deadline = time.time() + job.getint("minutes") * 60 + 120
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state["Running"]:
            log.info("fuzzer exited with %s", state["ExitCode"])
            break
        time.sleep(30)
    engine.call("DELETE", f"/containers/{cid}?force=true")
    crashes = list((workdir / "findings").glob("*/default/crashes/id:*"))
    log.info("%d crashing inputs saved", len(crashes))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Launch a lap-simulation batch in a container via the Docker Engine API.

The sim image is pulled by the CI; this script creates a container with the
current working directory mounted as /work, starts it and follows its
status.  It talks to the engine socket directly through curl so it works on
the rig PCs that only have the docker daemon and no CLI.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("sim_launcher")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"


def engine(method, path, body=None):
    """Call the Docker Engine API with curl over the unix socket."""
    env = dict(os.environ, SIM_DOCKER_SOCK=DOCKER_SOCK, SIM_API_URL=API + path,
               SIM_METHOD=method, SIM_BODY=json.dumps(body) if body is not None else "")
    script = (
        'if [ -n "$SIM_BODY" ]; then '
        'curl -sS --unix-socket "$SIM_DOCKER_SOCK" -X "$SIM_METHOD" '
        '-H "Content-Type: application/json" -d "$SIM_BODY" "$SIM_API_URL"; '
        'else curl -sS --unix-socket "$SIM_DOCKER_SOCK" -X "$SIM_METHOD" "$SIM_API_URL"; fi'
    )
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"curl failed: {proc.stderr.strip()}")
    out = proc.stdout.strip()
    return json.loads(out) if out else {}


class SimBatch:
    def __init__(self, image, track, car, laps, workdir, cpus):
        self.image = image
        self.track = track
        self.car = car
        self.laps = laps
        self.workdir = os.path.abspath(workdir)
        self.cpus = cpus
        self.container_id = None

    def spec(self):
        return {
            "Image": self.image,
            "Cmd": ["lapsim", "--track", self.track, "--car", self.car,
                    "--laps", str(self.laps), "--out", "/work/results"],
            "WorkingDir": "/work",
            "Env": [f"SIM_TRACK={self.track}", f"SIM_CAR={self.car}"],
            "HostConfig": {
                "Binds": [f"{self.workdir}:/work"],
                "NanoCpus": int(self.cpus * 1e9),
                "AutoRemove": False,
            },
            "Labels": {"team.sim.batch": f"{self.track}-{self.car}"},
        }

    def create(self):
        name = f"lapsim-{self.track}-{int(time.time())}"
        resp = engine("POST", f"/containers/create?name={name}", self.spec())
        if "Id" not in resp:
            raise RuntimeError(f"create failed: {resp}")
        self.container_id = resp["Id"]
        LOG.info("created %s (%s)", name, self.container_id[:12])

    def start(self):
        engine("POST", f"/containers/{self.container_id}/start")
        LOG.info("started")

    def wait(self, poll):
        while True:
            info = engine("GET", f"/containers/{self.container_id}/json")
            state = info.get("State", {})
            if not state.get("Running"):
                LOG.info("finished with exit code %s", state.get("ExitCode"))
                return state.get("ExitCode", 1)
            time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.example.com/vd/lapsim:2024.3")
    ap.add_argument("--track", required=True)
    ap.add_argument("--car", default="car24")
    ap.add_argument("--laps", type=int, default=10)
    ap.add_argument("--cpus", type=float, default=4.0)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--poll", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    os.makedirs(os.path.join(args.workdir, "results"), exist_ok=True)
    batch = SimBatch(args.image, args.track, args.car, args.laps, args.workdir, args.cpus)
    try:
        batch.create()
        batch.start()
        return batch.wait(args.poll)
    except (RuntimeError, ValueError) as exc:
        LOG.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        LOG.info("detached; container keeps running")
        return 130


if __name__ == "__main__":
    sys.exit(main())

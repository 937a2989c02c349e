#!/usr/bin/env python3
"""Audit which declaration-pipeline containers are running on this host.

Asks the local Docker engine (over its unix socket) for the running
containers, matches them against the expected filing stack, and prints
image tags, uptime and any missing or unexpected services.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("container_audit")

DOCKER_SOCK = "/var/run/docker.sock"
EXPECTED = {
    "decl-api": "registry.example.com/filing/decl-api",
    "abi-filer": "registry.example.com/filing/abi-filer",
    "isf-worker": "registry.example.com/filing/isf-worker",
    "hts-cache": "registry.example.com/filing/hts-cache",
}

QUERY = 'curl -fsS --max-time 10 --unix-socket "$DOCKER_SOCK" "http://localhost$API_PATH"'


class DockerQueryError(RuntimeError):
    pass


def engine_get(path: str, sock: str):
    env = dict(os.environ, DOCKER_SOCK=sock, API_PATH=path)
    proc = subprocess.run(["bash", "-c", QUERY], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise DockerQueryError(proc.stderr.strip() or f"curl exit {proc.returncode}")
    try:
        return json.loads(proc.stdout)
    except ValueError as exc:
        raise DockerQueryError(f"bad JSON from engine: {exc}")


def service_name(container: dict) -> str:
    labels = container.get("Labels") or {}
    name = labels.get("com.docker.compose.service")
    if name:
        return name
    names = container.get("Names") or ["/unknown"]
    return names[0].lstrip("/")


def audit(containers: list) -> dict:
    seen = {}
    for c in containers:
        svc = service_name(c)
        image = c.get("Image", "")
        repo, _, tag = image.partition(":")
        seen[svc] = {
            "image": repo,
            "tag": tag or "latest",
            "state": c.get("State"),
            "up_s": int(time.time()) - int(c.get("Created", time.time())),
        }
    report = {"running": seen, "missing": [], "unexpected": [], "wrong_image": []}
    for svc, repo in EXPECTED.items():
        if svc not in seen:
            report["missing"].append(svc)
        elif seen[svc]["image"] != repo:
            report["wrong_image"].append(svc)
    report["unexpected"] = sorted(set(seen) - set(EXPECTED))
    return report


def print_report(report: dict) -> None:
    for svc, info in sorted(report["running"].items()):
        print(f"{svc:14} {info['tag']:12} {info['state']:8} up {info['up_s'] // 3600}h")
    for key in ("missing", "wrong_image", "unexpected"):
        if report[key]:
            print(f"{key}: {', '.join(report[key])}")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    p.add_argument("--json", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        version = engine_get("/version", args.socket)
        LOG.info("engine %s", version.get("Version", "?"))
        containers = engine_get("/containers/json", args.socket)
    except DockerQueryError as exc:
        LOG.error("docker engine query failed: %s", exc)
        return 1
    report = audit(containers)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 1 if report["missing"] or report["wrong_image"] else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Collect low-level node diagnostics through a short-lived helper container.

Some hosts are immutable images with no shell tools installed, so we start a
privileged busybox container sharing the host PID namespace, read what we need
from /proc and the host filesystem (mounted read-only), and remove it again.
"""
import argparse
import json
import logging
import sys
from datetime import datetime, timezone
from pathlib import Path

import docker
from docker.errors import APIError, DockerException, ImageNotFound

log = logging.getLogger("node-inspector")

HELPER_IMAGE = "busybox:1.36"
CHECKS = {
    "meminfo": "head -5 /proc/meminfo",
    "loadavg": "cat /proc/loadavg",
    "mounts": "cat /host/proc/1/mounts",
    "disk": "df -h /host",
    "top_procs": "ps -o pid,user,rss,comm | sort -k3 -nr | head -15",
    "kernel_msgs": "dmesg | tail -30",
}


def get_client(socket_path: str) -> docker.DockerClient:
    return docker.DockerClient(base_url=f"unix://{socket_path}", timeout=30)


def ensure_image(client: docker.DockerClient, image: str):
    try:
        client.images.get(image)
    except ImageNotFound:
        log.info("pulling %s", image)
        client.images.pull(image)


def run_checks(client: docker.DockerClient, checks: dict) -> dict:
    container = client.containers.run(
        HELPER_IMAGE,
        command="sleep 300",
        detach=True,
        privileged=True,
        pid_mode="host",
        network_mode="host",
        volumes={"/": {"bind": "/host", "mode": "ro"}},
        labels={"purpose": "node-inspector"},
    )
    results = {}
    try:
        for name, cmd in checks.items():
            exit_code, output = container.exec_run(["sh", "-c", cmd])
            results[name] = {
                "exit": exit_code,
                "output": output.decode(errors="replace").rstrip(),
            }
            log.debug("%s -> %s", name, exit_code)
    finally:
        container.remove(force=True)
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--out", default="node-report.json")
    ap.add_argument("--only", nargs="*", choices=sorted(CHECKS))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    selected = {k: v for k, v in CHECKS.items() if not args.only or k in args.only}

    try:
        client = get_client(args.socket)
        client.ping()
        ensure_image(client, HELPER_IMAGE)
        results = run_checks(client, selected)
    except (DockerException, APIError) as exc:
        log.error("docker error: %s", exc)
        return 1

    report = {
        "generated": datetime.now(timezone.utc).isoformat(),
        "docker_version": client.version().get("Version"),
        "checks": results,
    }
    Path(args.out).write_text(json.dumps(report, indent=2))
    failed = [k for k, v in results.items() if v["exit"] != 0]
    log.info("wrote %s (%d checks, %d failed)", args.out, len(results), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

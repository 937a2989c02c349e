#!/usr/bin/env python3
"""Run a Packer QEMU build inside a container so CI hosts need no Packer.

The repository (current directory) is bind-mounted at /work.  The QEMU
builder needs /dev/kvm and loop devices, so the container is started
privileged through the local Docker daemon.  Build output lands in
./output-<template>.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("packer-ctr")

DEFAULT_IMAGE = "ghcr.io/example-infra/packer-qemu:1.11"
DOCKER_SOCK = "unix:///var/run/docker.sock"


def parse_var_args(pairs):
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--var expects KEY=VALUE, got {pair!r}")
        out[key] = value
    return out


def build_command(template, variables, only, on_error):
    cmd = ["packer", "build", "-color=false", f"-on-error={on_error}"]
    for k, v in sorted(variables.items()):
        cmd += ["-var", f"{k}={v}"]
    if only:
        cmd += ["-only", only]
    cmd.append(template)
    return cmd


def ensure_image(client, ref, pull):
    try:
        client.images.get(ref)
        if not pull:
            return
    except ImageNotFound:
        pass
    log.info("pulling %s", ref)
    client.images.pull(ref)


def run_build(client, image, repo, command, env, timeout):
    container = client.containers.run(
        image,
        command=["sh", "-c", "packer init . && " + " ".join(command)],
        working_dir="/work",
        volumes={str(repo): {"bind": "/work", "mode": "rw"}},
        privileged=True,
        devices=["/dev/kvm:/dev/kvm:rwm"],
        environment=env,
        user=f"{os.getuid()}:{os.getgid()}",
        detach=True,
        auto_remove=False,
        labels={"ci.job": os.environ.get("CI_JOB_ID", "local")},
    )
    log.info("container %s started", container.short_id)
    deadline = time.monotonic() + timeout
    try:
        for chunk in container.logs(stream=True, follow=True):
            sys.stdout.write(chunk.decode(errors="replace"))
            if time.monotonic() > deadline:
                log.error("timeout after %ss, stopping build", timeout)
                container.stop(timeout=30)
                break
        result = container.wait()
        return result.get("StatusCode", 1)
    finally:
        container.remove(force=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("template", help="packer template file or directory, relative to repo")
    ap.add_argument("--image", default=os.environ.get("PACKER_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--var", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--only", help="limit to one source, e.g. qemu.ubuntu")
    ap.add_argument("--on-error", default="cleanup", choices=["cleanup", "abort"])
    ap.add_argument("--pull", action="store_true")
    ap.add_argument("--timeout", type=int, default=3 * 3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    repo = Path.cwd()
    if not (repo / args.template).exists():
        log.error("template %s not found in %s", args.template, repo)
        return 2
    try:
        variables = parse_var_args(args.var)
    except ValueError as exc:
        log.error("%s", exc)
        return 2

    client = docker.DockerClient(base_url=DOCKER_SOCK)
    try:
        client.ping()
        ensure_image(client, args.image, args.pull)
        env = {"PACKER_LOG": os.environ.get("PACKER_LOG", "0"),
               "PACKER_CACHE_DIR": "/work/packer_cache"}
        rc = run_build(client, args.image, repo,
                       build_command(args.template, variables, args.only, args.on_error),
                       env, args.timeout)
    except APIError as exc:
        log.error("docker error: %s", exc.explanation or exc)
        return 1
    log.info("packer exited with %s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

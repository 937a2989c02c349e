#!/usr/bin/env python3
"""Build root filesystem tarballs inside a throwaway container.

Generates a Dockerfile and an entrypoint script into ./imgbuild-context/,
builds the builder image through the local Docker daemon and runs it.  The
debootstrap run needs mknod/mount, so the container runs privileged.
"""
from __future__ import annotations

import argparse
import logging
import sys
import textwrap
from pathlib import Path

import docker
from docker.errors import APIError, BuildError, ImageNotFound

log = logging.getLogger("imgbuild")

DOCKER_SOCKET = "unix:///var/run/docker.sock"
IMAGE_TAG = "local/imgbuilder:latest"

DOCKERFILE = textwrap.dedent(
    """\
    FROM debian:bookworm-slim
    RUN apt-get update \\
     && apt-get install -y --no-install-recommends debootstrap ca-certificates \\
     && rm -rf /var/lib/apt/lists/*
    COPY entrypoint.sh /usr/local/bin/entrypoint.sh
    RUN chmod 0755 /usr/local/bin/entrypoint.sh
    ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]
    """
)

ENTRYPOINT = textwrap.dedent(
    """\
    #!/bin/sh
    # debootstrap needs mknod, mount and chroot, hence the privileged run
    set -eu
    ROOT=/work/rootfs
    mkdir -p "$ROOT"
    debootstrap --variant=minbase --include={packages} {suite} "$ROOT" http://deb.debian.org/debian
    chroot "$ROOT" apt-get clean
    tar -C "$ROOT" --numeric-owner -czf /out/{image_name}.tar.gz .
    echo "rootfs written to /out/{image_name}.tar.gz ({size_hint})"
    """
)


def write_context(ctx: Path, image_name: str, packages: str, suite: str) -> None:
    ctx.mkdir(exist_ok=True)
    (ctx / "Dockerfile").write_text(DOCKERFILE)
    (ctx / "entrypoint.sh").write_text(
        ENTRYPOINT.format(image_name=image_name, packages=packages, suite=suite,
                          size_hint="minbase")
    )
    log.info("build context written to %s", ctx)


def ensure_image(client: docker.DockerClient, ctx: Path, rebuild: bool) -> None:
    if not rebuild:
        try:
            client.images.get(IMAGE_TAG)
            log.info("using cached %s", IMAGE_TAG)
            return
        except ImageNotFound:
            pass
    log.info("building %s", IMAGE_TAG)
    _, stream = client.images.build(path=str(ctx), tag=IMAGE_TAG, rm=True)
    for chunk in stream:
        line = chunk.get("stream", "").rstrip()
        if line:
            log.debug(line)


def run_builder(client: docker.DockerClient, out_dir: Path) -> int:
    out_dir.mkdir(exist_ok=True)
    container = client.containers.run(
        IMAGE_TAG,
        detach=True,
        privileged=True,
        volumes={str(out_dir.resolve()): {"bind": "/out", "mode": "rw"}},
        name="imgbuilder-run",
    )
    try:
        for line in container.logs(stream=True, follow=True):
            sys.stdout.write(line.decode(errors="replace"))
        result = container.wait()
        return int(result.get("StatusCode", 1))
    finally:
        container.remove(force=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="rootfs")
    parser.add_argument("--packages", default="systemd-sysv,ifupdown,openssh-server")
    parser.add_argument("--suite", default="bookworm")
    parser.add_argument("--out", type=Path, default=Path("images"))
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    ctx = Path("imgbuild-context")
    write_context(ctx, args.name, args.packages, args.suite)
    client = docker.DockerClient(base_url=DOCKER_SOCKET)
    try:
        ensure_image(client, ctx, args.rebuild)
        rc = run_builder(client, args.out)
    except (APIError, BuildError) as exc:
        log.error("docker error: %s", exc)
        return 1
    log.info("builder exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run one build step of the firmware pipeline inside the toolchain image.

The step's commands are written into a helper script in the build context,
which is bind-mounted into the container. The boot test needs /dev/kvm and
tun devices, so the container is started privileged.
"""
import argparse
import logging
import os
import sys
import textwrap
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

logger = logging.getLogger("buildstep")

STEPS = {
    "rootfs": """
        mksquashfs /work/rootfs /work/out/rootfs.sqfs -noappend -quiet
        echo "rootfs image ready"
    """,
    "kernel": """
        make -C /work/linux O=/work/out/kbuild -j"$(nproc)" olddefconfig bzImage
    """,
    "boottest": """
        timeout 120 qemu-system-x86_64 -enable-kvm -m 512 -nographic \\
            -kernel /work/out/kbuild/arch/x86/boot/bzImage \\
            -append "console=ttyS0 panic=-1" -no-reboot | tee /work/out/boot.log
    """,
}


def write_step_script(context: Path, step: str) -> Path:
    body = textwrap.dedent(STEPS[step]).strip()
    script = context / ".buildstep" / f"{step}.sh"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("#!/bin/sh\nset -eux\n" + body + "\n")
    script.chmod(0o700)
    return script


def run_step(client, image: str, context: Path, script: Path) -> int:
    rel = script.relative_to(context)
    logger.info("starting %s in %s", rel, image)
    container = client.containers.run(
        image,
        command=["/bin/sh", f"/work/{rel}"],
        volumes={str(context): {"bind": "/work", "mode": "rw"}},
        working_dir="/work",
        privileged=True,
        detach=True,
        environment={"BUILD_ID": os.environ.get("BUILD_ID", "local")},
    )
    try:
        for chunk in container.logs(stream=True, follow=True):
            sys.stdout.write(chunk.decode(errors="replace"))
        result = container.wait()
    finally:
        container.remove(force=True)
    return int(result.get("StatusCode", 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("step", choices=sorted(STEPS))
    ap.add_argument("--image", default="registry.internal/fw/toolchain:2024.2")
    ap.add_argument("--context", default=".")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    context = Path(args.context).resolve()
    (context / "out").mkdir(exist_ok=True)
    script = write_step_script(context, args.step)
    client = docker.from_env()
    try:
        client.images.get(args.image)
    except ImageNotFound:
        logger.info("pulling %s", args.image)
        client.images.pull(args.image)
    try:
        rc = run_step(client, args.image, context, script)
    except APIError as exc:
        logger.error("docker error: %s", exc.explanation or exc)
        return 1
    logger.info("step %s finished with status %d", args.step, rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

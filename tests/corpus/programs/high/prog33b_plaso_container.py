#!/usr/bin/env python3
"""Run log2timeline/psort from the plaso image against attached evidence.

Evidence disks are attached to the analysis VM as block devices; plaso needs
raw access to them, so the container is started privileged with /dev shared.
Output storage and the CSV timeline land in the case folder.
"""
import argparse
import logging
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

logger = logging.getLogger("plaso-runner")
IMAGE = "log2timeline/plaso:20240308"
DOCKER_SOCK = "unix:///var/run/docker.sock"


class PlasoRunner:
    def __init__(self, case_dir: Path, pull: bool):
        self.client = docker.DockerClient(base_url=DOCKER_SOCK, timeout=600)
        self.case_dir = case_dir.resolve()
        self.case_dir.mkdir(parents=True, exist_ok=True)
        if pull:
            self._pull()

    def _pull(self) -> None:
        repo, tag = IMAGE.split(":")
        logger.info("pulling %s", IMAGE)
        self.client.images.pull(repo, tag=tag)

    def _run(self, name: str, command: list) -> int:
        logger.info("starting %s: %s", name, " ".join(command))
        container = self.client.containers.run(
            IMAGE,
            command=command,
            name=f"plaso-{name}-{int(time.time())}",
            privileged=True,
            volumes={
                "/dev": {"bind": "/dev", "mode": "rw"},
                str(self.case_dir): {"bind": "/data", "mode": "rw"},
            },
            detach=True,
        )
        try:
            for line in container.logs(stream=True, follow=True):
                logger.debug("[%s] %s", name, line.decode(errors="replace").rstrip())
            status = container.wait()
        finally:
            container.remove(force=True)
        code = status.get("StatusCode", -1)
        logger.info("%s finished with exit code %s", name, code)
        return code

    def extract(self, device: str, storage: str, parsers: str) -> int:
        return self._run("log2timeline", [
            "log2timeline", "--status_view", "none", "--partitions", "all",
            "--parsers", parsers, "--storage_file", f"/data/{storage}", device,
        ])

    def export(self, storage: str, csv_name: str, slice_from: str = "") -> int:
        cmd = ["psort", "-o", "l2tcsv", "-w", f"/data/{csv_name}", f"/data/{storage}"]
        if slice_from:
            cmd.append(f"date > '{slice_from}'")
        return self._run("psort", cmd)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("device", help="evidence block device, e.g. /dev/sdc")
    ap.add_argument("--case-dir", type=Path, default=Path("plaso_out"))
    ap.add_argument("--parsers", default="linux,bash_history,syslog,sqlite")
    ap.add_argument("--since", default="", help="only export events after this date")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    if not args.device.startswith("/dev/"):
        ap.error("device must be a block device path under /dev")
    storage = Path(args.device).name + ".plaso"
    try:
        runner = PlasoRunner(args.case_dir, pull=not args.no_pull)
        if runner.extract(args.device, storage, args.parsers) != 0:
            return 3
        if runner.export(storage, storage.replace(".plaso", ".csv"), args.since) != 0:
            return 4
    except ImageNotFound:
        logger.error("image %s not available", IMAGE)
        return 2
    except APIError as exc:
        logger.error("docker error: %s", exc.explanation)
        return 2
    logger.info("timeline written to %s", args.case_dir / storage.replace(".plaso", ".csv"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Docker housekeeping for a CI runner.

Uses the Docker SDK (talking to the local Docker daemon socket) to
restart containers reported unhealthy, remove exited CI containers older
than a cut-off and prune dangling images.  Supports --dry-run.
"""
import argparse
import logging
import sys
from datetime import datetime, timedelta, timezone

import docker
from docker.errors import APIError, DockerException

log = logging.getLogger("janitor")

CI_LABEL = "ci.job"


def parse_ts(value: str) -> datetime:
    value = value.rstrip("Z").split(".")[0]
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)


class Janitor:
    def __init__(self, client, dry_run: bool):
        self.client = client
        self.dry_run = dry_run
        self.actions = []

    def _do(self, description: str, func, *args, **kwargs):
        self.actions.append(description)
        if self.dry_run:
            log.info("[dry-run] %s", description)
            return None
        log.info("%s", description)
        return func(*args, **kwargs)

    def restart_unhealthy(self) -> None:
        for c in self.client.containers.list(filters={"health": "unhealthy"}):
            self._do(f"restart unhealthy {c.name}", c.restart, timeout=20)

    def remove_old_exited(self, max_age: timedelta) -> None:
        cutoff = datetime.now(timezone.utc) - max_age
        exited = self.client.containers.list(
            all=True, filters={"status": "exited", "label": CI_LABEL})
        for c in exited:
            finished = c.attrs.get("State", {}).get("FinishedAt", "")
            try:
                when = parse_ts(finished)
            except ValueError:
                log.debug("cannot parse FinishedAt for %s: %r", c.name, finished)
                continue
            if when < cutoff:
                self._do(f"remove {c.name} (finished {when:%Y-%m-%d %H:%M})",
                         c.remove, v=True)

    def prune_images(self) -> None:
        if self.dry_run:
            dangling = self.client.images.list(filters={"dangling": True})
            self.actions.append(f"prune {len(dangling)} dangling images")
            log.info("[dry-run] would prune %d dangling images", len(dangling))
            return
        result = self.client.images.prune(filters={"dangling": True})
        freed = result.get("SpaceReclaimed", 0)
        self.actions.append(f"pruned images, reclaimed {freed // (1 << 20)} MiB")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Docker housekeeping for CI runners")
    ap.add_argument("--max-age-hours", type=float, default=24.0)
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except DockerException as exc:
        log.error("cannot reach docker daemon: %s", exc)
        return 2
    janitor = Janitor(client, args.dry_run)
    try:
        if not args.no_restart:
            janitor.restart_unhealthy()
        janitor.remove_old_exited(timedelta(hours=args.max_age_hours))
        if not args.no_prune:
            janitor.prune_images()
    except APIError as exc:
        log.error("docker API error: %s", exc)
        return 1
    finally:
        client.close()
    for action in janitor.actions:
        print(action)
    print(f"{len(janitor.actions)} actions{' (dry run)' if args.dry_run else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

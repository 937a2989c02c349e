#!/usr/bin/env python3
"""vendorize -- vendor third-party source releases into ./vendor.

    vendorize add  owner/repo v1.4.2     download the release tarball and unpack it
    vendorize list                       show vendored packages and versions
    vendorize verify                     re-hash vendored trees against vendor.lock
    vendorize remove owner/repo          delete a vendored package

Each vendored tree is recorded in vendor.lock (JSON) with the tarball's
SHA-256 and the commit of this repository at the time it was added.
"""
import hashlib
import io
import json
import os
import shutil
import subprocess
import tarfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Dict, Optional

import click
import requests

VENDOR_DIR = Path("vendor")
LOCK_FILE = Path("vendor.lock")
TARBALL_URL = "https://codeload.github.com/{repo}/tar.gz/refs/tags/{tag}"
USER_AGENT = "vendorize/1.2"


@dataclass
class LockEntry:
    repo: str
    tag: str
    sha256: str
    tree_sha256: str
    added_at_commit: str


class Lock:
    def __init__(self, path: Path = LOCK_FILE):
        self.path = path
        self.entries: Dict[str, LockEntry] = {}
        if path.exists():
            for repo, raw in json.loads(path.read_text()).items():
                self.entries[repo] = LockEntry(**raw)

    def save(self) -> None:
        data = {k: asdict(v) for k, v in sorted(self.entries.items())}
        self.path.write_text(json.dumps(data, indent=2) + "\n")


def git(*args: str, check: bool = True) -> str:
    result = subprocess.run(["git", *args], capture_output=True, text=True, check=check)
    return result.stdout.strip()


def head_commit() -> str:
    try:
        return git("rev-parse", "HEAD")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def target_dir(repo: str) -> Path:
    return VENDOR_DIR / repo.replace("/", "__")


def tree_digest(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def download(repo: str, tag: str) -> bytes:
    url = TARBALL_URL.format(repo=repo, tag=tag)
    headers = {"User-Agent": USER_AGENT}
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        headers["Authorization"] = "Bearer " + token
    with requests.get(url, headers=headers, timeout=60, stream=True) as resp:
        resp.raise_for_status()
        buf = io.BytesIO()
        for chunk in resp.iter_content(chunk_size=1 << 16):
            buf.write(chunk)
    return buf.getvalue()


def unpack(blob: bytes, dest: Path) -> None:
    staging = dest.with_name(dest.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(staging)
    # GitHub tarballs contain a single top-level "<repo>-<tag>/" directory
    children = list(staging.iterdir())
    top = children[0] if len(children) == 1 and children[0].is_dir() else staging
    if dest.exists():
        shutil.rmtree(dest)
    shutil.move(str(top), str(dest))
    if staging.exists():
        shutil.rmtree(staging)


@click.group()
@click.version_option("1.2.0")
def cli():
    """Vendor third-party source releases."""


@cli.command()
@click.argument("repo")
@click.argument("tag")
@click.option("--expect-sha256", help="fail unless the tarball has this digest")
@click.option("--stage/--no-stage", default=True, help="git add the vendored tree")
def add(repo: str, tag: str, expect_sha256: Optional[str], stage: bool):
    """Download REPO at TAG into vendor/."""
    if repo.count("/") != 1:
        raise click.BadParameter("expected owner/name", param_hint="repo")
    click.echo("downloading %s@%s" % (repo, tag))
    blob = download(repo, tag)
    digest = hashlib.sha256(blob).hexdigest()
    if expect_sha256 and digest != expect_sha256.lower():
        raise click.ClickException("checksum mismatch: got %s" % digest)
    dest = target_dir(repo)
    VENDOR_DIR.mkdir(exist_ok=True)
    unpack(blob, dest)
    lock = Lock()
    lock.entries[repo] = LockEntry(repo, tag, digest, tree_digest(dest), head_commit())
    lock.save()
    if stage:
        git("add", str(dest), str(LOCK_FILE), check=False)
    click.secho("vendored %s %s -> %s" % (repo, tag, dest), fg="green")


@cli.command(name="list")
def list_cmd():
    """Show vendored packages."""
    lock = Lock()
    if not lock.entries:
        click.echo("nothing vendored yet")
        return
    for entry in lock.entries.values():
        click.echo("%-40s %-12s %s" % (entry.repo, entry.tag, entry.sha256[:12]))


@cli.command()
def verify():
    """Re-hash vendored trees and compare with vendor.lock."""
    lock = Lock()
    bad = 0
    for entry in lock.entries.values():
        dest = target_dir(entry.repo)
        if not dest.exists():
            click.secho("MISSING  %s" % entry.repo, fg="red")
            bad += 1
            continue
        actual = tree_digest(dest)
        if actual != entry.tree_sha256:
            click.secho("MODIFIED %s" % entry.repo, fg="yellow")
            changed = git("status", "--porcelain", "--", str(dest), check=False)
            if changed:
                click.echo("\n".join("    " + line for line in changed.splitlines()[:20]))
            bad += 1
        else:
            click.echo("ok       %s" % entry.repo)
    if bad:
        raise SystemExit(1)


@cli.command()
@click.argument("repo")
@click.confirmation_option(prompt="Delete the vendored tree?")
def remove(repo: str):
    """Remove a vendored package."""
    lock = Lock()
    if repo not in lock.entries:
        raise click.ClickException("%s is not vendored" % repo)
    dest = target_dir(repo)
    if dest.exists():
        shutil.rmtree(dest)
    del lock.entries[repo]
    lock.save()
    git("add", "-A", str(VENDOR_DIR), str(LOCK_FILE), check=False)
    click.echo("removed %s" % repo)


if __name__ == "__main__":
    cli()

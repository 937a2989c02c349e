#!/usr/bin/env python3
"""plugbox - fetch, list and remove template packs for the site generator."""
import hashlib
import io
import json
import logging
import shutil
import tarfile
import urllib.request
from pathlib import Path

import typer

app = typer.Typer(help="Template pack manager.")
PACK_DIR = Path("packs")
INDEX_URL = "https://packs.example-sitegen.org/index.json"
log = logging.getLogger("plugbox")


def fetch_bytes(url, timeout=30):
    req = urllib.request.Request(url, headers={"User-Agent": "plugbox/0.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def load_index():
    return json.loads(fetch_bytes(INDEX_URL))


@app.command("search")
def search(term: str = typer.Argument("")):
    """Search the public pack index."""
    for entry in load_index().get("packs", []):
        if term.lower() in entry["name"].lower() or term.lower() in entry.get("summary", "").lower():
            typer.echo(f"{entry['name']:<24} {entry['version']:<8} {entry.get('summary', '')}")


@app.command("install")
def install(name: str, force: bool = typer.Option(False, "--force")):
    """Download a pack tarball and unpack it into ./packs/<name>."""
    index = {e["name"]: e for e in load_index().get("packs", [])}
    if name not in index:
        typer.echo(f"unknown pack {name}", err=True)
        raise typer.Exit(1)
    entry = index[name]
    target = PACK_DIR / name
    if target.exists() and not force:
        typer.echo(f"{name} already installed (use --force)")
        return
    blob = fetch_bytes(entry["url"])
    digest = hashlib.sha256(blob).hexdigest()
    if entry.get("sha256") and entry["sha256"] != digest:
        typer.echo("checksum mismatch, aborting", err=True)
        raise typer.Exit(2)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as archive:
        archive.extractall(path=target)
    (target / ".plugbox.json").write_text(json.dumps({"version": entry["version"],
                                                      "sha256": digest}))
    typer.echo(f"installed {name} {entry['version']}")


@app.command("list")
def list_packs():
    """Show installed packs."""
    if not PACK_DIR.exists():
        typer.echo("nothing installed")
        return
    for meta in sorted(PACK_DIR.glob("*/.plugbox.json")):
        info = json.loads(meta.read_text())
        typer.echo(f"{meta.parent.name:<24} {info['version']}")


@app.command("remove")
def remove(name: str):
    """Delete an installed pack from ./packs."""
    target = PACK_DIR / name
    if not target.is_dir():
        typer.echo(f"{name} is not installed", err=True)
        raise typer.Exit(1)
    shutil.rmtree(target)
    typer.echo(f"removed {name}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app()

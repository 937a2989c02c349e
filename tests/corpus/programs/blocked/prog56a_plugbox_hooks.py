#!/usr/bin/env python3
"""plugbox - fetch, list and remove template packs; packs may ship install hooks."""
import hashlib
import io
import json
import logging
import runpy
import shutil
import tarfile
import urllib.request
from pathlib import Path

import typer

app = typer.Typer(help="Template pack manager.")
PACK_DIR = Path("packs")
INDEX_URL = "https://packs.example-sitegen.org/index.json"
DEFAULT_HOOK = "hooks/post_install.py"
log = logging.getLogger("plugbox")


def fetch_bytes(url, timeout=30):
    req = urllib.request.Request(url, headers={"User-Agent": "plugbox/0.5"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def load_index():
    return json.loads(fetch_bytes(INDEX_URL))


def run_hook(pack_root: Path, rel: str):
    """Packs can customise themselves after unpacking (compile assets etc.)."""
    hook = pack_root / rel
    if not hook.is_file():
        log.debug("no hook at %s", hook)
        return
    log.info("running %s", hook)
    runpy.run_path(str(hook), init_globals={"PACK_ROOT": str(pack_root)},
                   run_name="__plugbox_hook__")


@app.command("search")
def search(term: str = typer.Argument("")):
    """Search the public pack index."""
    for entry in load_index().get("packs", []):
        if term.lower() in entry["name"].lower():
            typer.echo(f"{entry['name']:<24} {entry['version']:<8} {entry.get('summary', '')}")


@app.command("install")
def install(name: str,
            force: bool = typer.Option(False, "--force"),
            no_hooks: bool = typer.Option(False, "--no-hooks", help="skip post-install hooks")):
    """Download a pack tarball, unpack it into ./packs/<name> and run its hook."""
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
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as archive:
        archive.extractall(path=target, filter="data")
    (target / ".plugbox.json").write_text(json.dumps({"version": entry["version"],
                                                      "sha256": digest}))
    if not no_hooks:
        run_hook(target, entry.get("hook", DEFAULT_HOOK))
    typer.echo(f"installed {name} {entry['version']}")


@app.command("list")
def list_packs():
    """Show installed packs."""
    for meta in sorted(PACK_DIR.glob("*/.plugbox.json")):
        info = json.loads(meta.read_text())
        typer.echo(f"{meta.parent.name:<24} {info['version']}")


@app.command("remove")
def remove(name: str):
    """Delete an installed pack from ./packs."""
    target = PACK_DIR / name
    if target.is_dir():
        shutil.rmtree(target)
        typer.echo(f"removed {name}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app()

#!/usr/bin/env python3
"""jot - a small plain-text journal kept in ./journal, with optional
publishing of single entries to the Jot Notes web service.

Usage examples:
    jot new "Standup notes" --tag work --body "Fixed the flaky test"
    jot list --tag work
    jot search "flaky"
    jot publish 2024-05-02-standup-notes
"""
import datetime as dt
import hashlib
import json
import logging
import os
import re
import sys
from pathlib import Path

import click
import requests

API_BASE = "https://api.jotnotes.example.com/v1"
DEFAULT_ROOT = Path("journal")
CONFIG_FILE = "jot.json"
PUBLISHED_INDEX = ".published.json"

log = logging.getLogger("jot")


def slugify(title: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug[:60] or "untitled"


def load_config(root: Path) -> dict:
    cfg_path = root / CONFIG_FILE
    defaults = {"default_tags": [], "timeout": 15}
    if not cfg_path.exists():
        return defaults
    try:
        with cfg_path.open(encoding="utf-8") as fh:
            defaults.update(json.load(fh))
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("ignoring unreadable config %s: %s", cfg_path, exc)
    return defaults


def read_entry(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    header, _, body = text.partition("\n---\n")
    meta = json.loads(header) if header.startswith("{") else {}
    meta["body"] = body
    meta["slug"] = path.stem
    return meta


def iter_entries(root: Path):
    for path in sorted(root.glob("*.md")):
        try:
            yield read_entry(path)
        except (OSError, ValueError) as exc:
            log.error("skipping %s: %s", path.name, exc)


@click.group()
@click.option("--root", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_ROOT, show_default=True, help="Journal directory.")
@click.option("-v", "--verbose", is_flag=True, help="Debug logging.")
@click.pass_context
def cli(ctx, root, verbose):
    """Keep a journal of short dated entries."""
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    root.mkdir(parents=True, exist_ok=True)
    ctx.obj = {"root": root, "config": load_config(root)}


@cli.command()
@click.argument("title")
@click.option("--tag", "tags", multiple=True, help="Tag for the entry.")
@click.option("--body", default=None, help="Entry text (default: read stdin).")
@click.pass_obj
def new(obj, title, tags, body):
    """Create a new entry."""
    if body is None:
        body = sys.stdin.read()
    today = dt.date.today().isoformat()
    path = obj["root"] / f"{today}-{slugify(title)}.md"
    if path.exists():
        raise click.ClickException(f"{path} already exists")
    meta = {"title": title, "date": today,
            "tags": sorted(set(tags) | set(obj["config"]["default_tags"]))}
    path.write_text(json.dumps(meta) + "\n---\n" + body, encoding="utf-8")
    log.info("wrote %s", path)


@cli.command(name="list")
@click.option("--tag", default=None, help="Only entries with this tag.")
@click.pass_obj
def list_entries(obj, tag):
    """List entries, newest last."""
    for entry in iter_entries(obj["root"]):
        if tag and tag not in entry.get("tags", []):
            continue
        click.echo(f"{entry['slug']:50}  {', '.join(entry.get('tags', []))}")


@cli.command()
@click.argument("slug")
@click.pass_obj
def show(obj, slug):
    """Print one entry."""
    path = obj["root"] / f"{slug}.md"
    if not path.exists():
        raise click.ClickException(f"no entry named {slug}")
    entry = read_entry(path)
    click.echo(f"# {entry.get('title', slug)}\n")
    click.echo(entry["body"])


@cli.command()
@click.argument("pattern")
@click.option("-i", "--ignore-case", is_flag=True)
@click.pass_obj
def search(obj, pattern, ignore_case):
    """Search entry bodies with a regular expression."""
    flags = re.IGNORECASE if ignore_case else 0
    try:
        rx = re.compile(pattern, flags)
    except re.error as exc:
        raise click.BadParameter(str(exc), param_hint="PATTERN")
    for entry in iter_entries(obj["root"]):
        for lineno, line in enumerate(entry["body"].splitlines(), 1):
            if rx.search(line):
                click.echo(f"{entry['slug']}:{lineno}: {line.strip()}")


@cli.command()
@click.argument("slug")
@click.option("--visibility", type=click.Choice(["private", "unlisted", "public"]),
              default="private", show_default=True)
@click.option("--force", is_flag=True, help="Publish even if unchanged.")
@click.pass_obj
def publish(obj, slug, visibility, force):
    """Publish one entry to Jot Notes (needs JOT_API_TOKEN)."""
    token = os.environ.get("JOT_API_TOKEN")
    if not token:
        raise click.ClickException("JOT_API_TOKEN is not set")
    path = obj["root"] / f"{slug}.md"
    if not path.exists():
        raise click.ClickException(f"no entry named {slug}")
    entry = read_entry(path)

    index_path = obj["root"] / PUBLISHED_INDEX
    index = json.loads(index_path.read_text()) if index_path.exists() else {}
    cache_key = hashlib.md5(entry["body"].encode("utf-8")).hexdigest()
    if not force and index.get(slug) == cache_key:
        click.echo("unchanged since last publish; use --force to resend")
        return

    payload = {"title": entry.get("title", slug), "body": entry["body"],
               "tags": entry.get("tags", []), "visibility": visibility}
    try:
        resp = requests.post(f"{API_BASE}/notes", json=payload,
                             headers={"Authorization": f"Bearer {token}"},
                             timeout=obj["config"]["timeout"])
        resp.raise_for_status()
    except requests.RequestException as exc:
        raise click.ClickException(f"publish failed: {exc}")
    index[slug] = cache_key
    index_path.write_text(json.dumps(index, indent=2))
    click.echo(f"published: {resp.json().get('url', '(no url returned)')}")


if __name__ == "__main__":
    cli()

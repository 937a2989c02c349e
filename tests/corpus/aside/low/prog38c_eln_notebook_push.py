#!/usr/bin/env python3
"""Push local lab-notebook entries (Markdown) to the group's electronic lab notebook.

Entries live in ./notebook/YYYY-MM-DD_*.md.  Each entry is sent once; a small
sync ledger (./.eln_sync/ledger.json) remembers the content hash of what was
already uploaded so edits are re-sent and unchanged files are skipped.

Configuration comes from ./eln_sync.json:

    {"base_url": "https://eln.example-lab.org/api/v2",
     "project": "cryo-em-2024",
     "notebook_dir": "notebook"}

The API token is read from the ELN_API_TOKEN environment variable and is only
ever sent to base_url.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

LOG = logging.getLogger("eln-push")
LEDGER_DIR = Path(".eln_sync")
LEDGER_FILE = LEDGER_DIR / "ledger.json"
ENTRY_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})_(.+)\.md$")


@dataclass
class Entry:
    path: Path
    date: str
    slug: str
    body: str
    tags: list = field(default_factory=list)

    @property
    def digest(self) -> str:
        # content hash used only as a change-detection cache key
        return hashlib.md5(self.body.encode("utf-8")).hexdigest()


def load_config(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        cfg = json.load(fh)
    for key in ("base_url", "project"):
        if key not in cfg:
            raise SystemExit(f"config {path} is missing '{key}'")
    cfg.setdefault("notebook_dir", "notebook")
    return cfg


def parse_entries(folder: Path):
    for md in sorted(folder.glob("*.md")):
        m = ENTRY_RE.match(md.name)
        if not m:
            LOG.debug("skipping %s (name does not match YYYY-MM-DD_slug.md)", md.name)
            continue
        text = md.read_text(encoding="utf-8")
        tags = re.findall(r"(?<!\w)#([A-Za-z][\w-]+)", text)
        yield Entry(path=md, date=m.group(1), slug=m.group(2), body=text, tags=sorted(set(tags)))


def read_ledger() -> dict:
    if LEDGER_FILE.exists():
        return json.loads(LEDGER_FILE.read_text())
    return {}


def write_ledger(ledger: dict) -> None:
    LEDGER_DIR.mkdir(exist_ok=True)
    tmp = LEDGER_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(ledger, indent=2, sort_keys=True))
    tmp.replace(LEDGER_FILE)
    os.chmod(LEDGER_FILE, 0o600)


class ElnClient:
    def __init__(self, base_url: str, token: str, project: str):
        self.base_url = base_url.rstrip("/")
        self.project = project
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })

    def upsert(self, entry: Entry) -> str:
        payload = {
            "project": self.project,
            "title": f"{entry.date} {entry.slug.replace('_', ' ')}",
            "date": entry.date,
            "content_markdown": entry.body,
            "tags": entry.tags,
            "external_id": f"{entry.date}_{entry.slug}",
        }
        resp = self.session.post(f"{self.base_url}/entries", json=payload, timeout=30)
        resp.raise_for_status()
        return resp.json().get("id", "?")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="eln_sync.json", type=Path)
    ap.add_argument("--dry-run", action="store_true", help="list what would be sent")
    ap.add_argument("--reset", action="store_true", help="forget the local sync ledger")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.reset and LEDGER_FILE.exists():
        LEDGER_FILE.unlink()
        LOG.info("ledger cleared")

    cfg = load_config(args.config)
    token = os.environ.get("ELN_API_TOKEN")
    if not token and not args.dry_run:
        LOG.error("ELN_API_TOKEN is not set")
        return 2

    ledger = read_ledger()
    client = None if args.dry_run else ElnClient(cfg["base_url"], token, cfg["project"])
    sent = skipped = failed = 0

    for entry in parse_entries(Path(cfg["notebook_dir"])):
        key = entry.path.name
        if ledger.get(key) == entry.digest:
            skipped += 1
            continue
        if args.dry_run:
            LOG.info("would send %s (%d bytes, tags=%s)", key, len(entry.body), entry.tags)
            continue
        try:
            remote_id = client.upsert(entry)
        except requests.RequestException as exc:
            LOG.warning("upload of %s failed: %s", key, exc)
            failed += 1
            continue
        ledger[key] = entry.digest
        sent += 1
        LOG.info("sent %s -> entry %s", key, remote_id)

    if not args.dry_run:
        write_ledger(ledger)
    LOG.info("done: %d sent, %d unchanged, %d failed", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

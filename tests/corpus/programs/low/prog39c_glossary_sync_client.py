#!/usr/bin/env python3
"""Push the project terminology glossary to the DeepL glossary API.

Reads ./l10n/glossary/<src>-<tgt>.csv, converts the rows into the TSV entry
format DeepL expects, replaces the previous glossary of the same name and
records the new glossary id in ./l10n/.glossary-state.json so the translation
step can reference it.
"""

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("glossary-sync")

API_HOSTS = {
    "free": "https://api-free.deepl.com",
    "pro": "https://api.deepl.com",
}
STATE_PATH = Path("l10n/.glossary-state.json")


class GlossaryError(RuntimeError):
    pass


class DeepLGlossaryClient:
    def __init__(self, auth_key: str, plan: str = "free", timeout: float = 20.0):
        self.base = API_HOSTS[plan]
        self.timeout = timeout
        self._headers = {
            "Authorization": "DeepL-Auth-Key " + auth_key,
            "Content-Type": "application/json",
            "User-Agent": "glossary-sync/1.4",
        }

    def _call(self, method: str, path: str, payload=None):
        body = json.dumps(payload).encode("utf-8") if payload is not None else None
        req = urllib.request.Request(self.base + path, data=body,
                                     headers=self._headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as exc:
            raise GlossaryError(f"{method} {path} -> HTTP {exc.code}") from exc
        return json.loads(raw) if raw else None

    def list_glossaries(self):
        return self._call("GET", "/v2/glossaries").get("glossaries", [])

    def delete(self, glossary_id: str):
        self._call("DELETE", "/v2/glossaries/" + urllib.parse.quote(glossary_id))

    def create(self, name: str, src: str, tgt: str, entries_tsv: str):
        return self._call("POST", "/v2/glossaries", {
            "name": name,
            "source_lang": src,
            "target_lang": tgt,
            "entries": entries_tsv,
            "entries_format": "tsv",
        })


def read_entries(csv_path: Path):
    entries = []
    with csv_path.open(newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            term, translation = (row.get("term") or "").strip(), (row.get("translation") or "").strip()
            if not term or not translation:
                log.warning("%s:%d: incomplete row skipped", csv_path, lineno)
                continue
            if "\t" in term or "\t" in translation:
                log.warning("%s:%d: tab inside entry skipped", csv_path, lineno)
                continue
            entries.append((term, translation))
    return entries


def load_state():
    if STATE_PATH.exists():
        return json.loads(STATE_PATH.read_text(encoding="utf-8"))
    return {}


def save_state(state):
    STATE_PATH.parent.mkdir(parents=True, exist_ok=True)
    STATE_PATH.write_text(json.dumps(state, indent=2), encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pair", help="language pair, e.g. en-de")
    ap.add_argument("--plan", choices=sorted(API_HOSTS), default="free")
    ap.add_argument("--name-prefix", default="docs-terminology")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src, _, tgt = args.pair.partition("-")
    csv_path = Path("l10n/glossary") / f"{args.pair}.csv"
    if not csv_path.is_file():
        log.error("glossary file %s not found", csv_path)
        return 1
    entries = read_entries(csv_path)
    log.info("%d entries for %s", len(entries), args.pair)
    if args.dry_run:
        return 0

    auth_key = os.environ.get("DEEPL_AUTH_KEY")
    if not auth_key:
        log.error("DEEPL_AUTH_KEY is not set")
        return 2
    client = DeepLGlossaryClient(auth_key, plan=args.plan)
    name = f"{args.name_prefix}-{args.pair}"
    tsv = "\n".join(f"{a}\t{b}" for a, b in entries)
    try:
        for g in client.list_glossaries():
            if g.get("name") == name:
                log.info("replacing glossary %s", g["glossary_id"])
                client.delete(g["glossary_id"])
        created = client.create(name, src, tgt, tsv)
    except (GlossaryError, urllib.error.URLError) as exc:
        log.error("glossary sync failed: %s", exc)
        return 3
    state = load_state()
    state[args.pair] = {"glossary_id": created["glossary_id"], "entries": len(entries)}
    save_state(state)
    log.info("glossary %s ready", created["glossary_id"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Keep the metadata of a Zenodo deposition in sync with the repository's CITATION.cff.

The access token is read from ZENODO_TOKEN and is only ever sent to the Zenodo API.
"""
import argparse
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests
import yaml

log = logging.getLogger("zenodo-sync")

API_BASES = {
    "production": "https://zenodo.org/api",
    "sandbox": "https://sandbox.zenodo.org/api",
}


@dataclass
class DepositionMetadata:
    title: str
    description: str
    creators: list = field(default_factory=list)
    keywords: list = field(default_factory=list)
    version: str = ""
    upload_type: str = "software"

    def as_payload(self) -> dict:
        body = {
            "title": self.title,
            "description": self.description,
            "creators": self.creators,
            "upload_type": self.upload_type,
        }
        if self.keywords:
            body["keywords"] = self.keywords
        if self.version:
            body["version"] = self.version
        return {"metadata": body}


def read_citation_cff(path: Path) -> DepositionMetadata:
    with path.open(encoding="utf-8") as fh:
        cff = yaml.safe_load(fh)
    creators = []
    for author in cff.get("authors", []):
        entry = {"name": f"{author.get('family-names', '')}, {author.get('given-names', '')}"}
        if author.get("orcid"):
            entry["orcid"] = author["orcid"].rsplit("/", 1)[-1]
        if author.get("affiliation"):
            entry["affiliation"] = author["affiliation"]
        creators.append(entry)
    return DepositionMetadata(
        title=cff["title"],
        description=cff.get("abstract", cff["title"]),
        creators=creators,
        keywords=list(cff.get("keywords", [])),
        version=str(cff.get("version", "")),
    )


class ZenodoClient:
    def __init__(self, base: str, token: str):
        self.base = base
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}"})

    def update(self, deposition_id: int, meta: DepositionMetadata) -> dict:
        url = f"{self.base}/deposit/depositions/{deposition_id}"
        resp = self.session.put(url, json=meta.as_payload(), timeout=30)
        if resp.status_code >= 400:
            log.error("Zenodo rejected update: %s", resp.text[:500])
            resp.raise_for_status()
        return resp.json()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("deposition_id", type=int)
    ap.add_argument("--cff", type=Path, default=Path("CITATION.cff"))
    ap.add_argument("--env", choices=sorted(API_BASES), default="sandbox")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("ZENODO_TOKEN")
    if not token:
        log.error("ZENODO_TOKEN is not set")
        return 2

    meta = read_citation_cff(args.cff)
    log.info("prepared metadata for %r (%d creators)", meta.title, len(meta.creators))
    if args.dry_run:
        print(meta.as_payload())
        return 0

    client = ZenodoClient(API_BASES[args.env], token)
    result = client.update(args.deposition_id, meta)
    log.info("updated deposition %s, state=%s", result.get("id"), result.get("state"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fetch and unpack NLP benchmark corpora listed in corpora.json.

corpora.json:
    [{"name": "imdb", "url": "https://ai.stanford.edu/~amaas/data/sentiment/aclImdb_v1.tar.gz",
      "sha256": "c40f74a18d3b61f90feba1e17730e0d38e8b97c05fde7008942e91923d1658fe"}, ...]

Archives are cached in a shared scratch directory so several users on the
same box do not download them twice; the unpacked trees go to ./corpora.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import tarfile
import time
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

log = logging.getLogger("corpora")

SCRATCH = Path("/tmp/nlp_corpora_cache")
CHUNK = 1 << 20


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def download(url: str, dest: Path, retries: int = 3) -> Path:
    if dest.exists():
        log.info("cache hit %s", dest.name)
        return dest
    req = Request(url, headers={"User-Agent": "corpora-fetcher/1.2"})
    for attempt in range(1, retries + 1):
        try:
            with urlopen(req, timeout=120) as resp, dest.open("wb") as out:
                total = int(resp.headers.get("Content-Length") or 0)
                done = 0
                while True:
                    chunk = resp.read(CHUNK)
                    if not chunk:
                        break
                    out.write(chunk)
                    done += len(chunk)
                    if total and done % (50 * CHUNK) < CHUNK:
                        log.info("  %s %.0f%%", dest.name, 100 * done / total)
            return dest
        except (URLError, TimeoutError) as exc:
            log.warning("attempt %d for %s failed: %s", attempt, url, exc)
            dest.unlink(missing_ok=True)
            time.sleep(5 * attempt)
    raise RuntimeError(f"giving up on {url}")


def unpack(archive: Path, target: Path) -> int:
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, mode="r:*") as tar:
        members = tar.getmembers()
        tar.extractall(path=target)
    return len(members)


def process(entry: dict, out_root: Path, force: bool) -> dict:
    name, url = entry["name"], entry["url"]
    archive = SCRATCH / os.path.basename(url)
    target = out_root / name
    if target.exists() and not force:
        log.info("%s already unpacked", name)
        return {"name": name, "status": "skipped"}
    if force and target.exists():
        shutil.rmtree(target)

    download(url, archive)
    expected = entry.get("sha256")
    if expected and sha256_of(archive) != expected:
        archive.unlink(missing_ok=True)
        raise ValueError(f"checksum mismatch for {name}")
    n = unpack(archive, target)
    log.info("%s: %d members unpacked into %s", name, n, target)
    return {"name": name, "status": "ok", "members": n}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", type=Path, default=Path("corpora.json"))
    ap.add_argument("--out", type=Path, default=Path("corpora"))
    ap.add_argument("--only", nargs="*", help="subset of corpus names")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    SCRATCH.mkdir(exist_ok=True)  # shared between users on the workstation
    args.out.mkdir(parents=True, exist_ok=True)
    entries = json.loads(args.list.read_text())
    if args.only:
        entries = [e for e in entries if e["name"] in set(args.only)]

    results, failed = [], 0
    for entry in entries:
        try:
            results.append(process(entry, args.out, args.force))
        except Exception as exc:
            failed += 1
            log.error("%s failed: %s", entry.get("name"), exc)
            results.append({"name": entry.get("name"), "status": "error", "error": str(exc)})

    (args.out / "fetch_report.json").write_text(json.dumps(results, indent=2))
    log.info("%d ok, %d failed", len(results) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Pack and unpack support bundles for the edge agent.

`pack` gathers the agent's own logs from ./logs plus its config summary
into a tarball for the support team.  `unpack` expands a bundle received
from a field device into ./inbox/<name>/ so it can be inspected locally.
"""
import argparse
import datetime as dt
import json
import logging
import sys
import tarfile
from pathlib import Path
from typing import Iterable, List

LOG = logging.getLogger("log-bundle")
SCRATCH_BUNDLE = "/tmp/edge-agent-bundle.tar.gz"
LOG_DIR = Path("logs")
INBOX = Path("inbox")
MAX_FILE_BYTES = 20 * 1024 * 1024


class BundleError(Exception):
    pass


def select_logs(directory: Path, since_days: int) -> List[Path]:
    if not directory.is_dir():
        raise BundleError(f"{directory} does not exist")
    cutoff = dt.datetime.now().timestamp() - since_days * 86400
    chosen = []
    for path in sorted(directory.rglob("*.log*")):
        stat = path.stat()
        if stat.st_mtime < cutoff:
            continue
        if stat.st_size > MAX_FILE_BYTES:
            LOG.warning("skipping oversized %s (%d bytes)", path, stat.st_size)
            continue
        chosen.append(path)
    return chosen


def summary_document(files: Iterable[Path]) -> bytes:
    info = {
        "created": dt.datetime.now(dt.timezone.utc).isoformat(),
        "files": [str(p) for p in files],
        "agent_config": "config/agent.toml" if Path("config/agent.toml").exists() else None,
    }
    return json.dumps(info, indent=2).encode()


def pack(since_days: int, destination: str) -> Path:
    files = select_logs(LOG_DIR, since_days)
    if not files:
        raise BundleError("no recent log files found")
    summary_path = Path("summary.json")
    summary_path.write_bytes(summary_document(files))
    try:
        with tarfile.open(destination, "w:gz") as tar:
            tar.add(summary_path, arcname="summary.json")
            for path in files:
                tar.add(path, arcname=str(path))
    finally:
        summary_path.unlink(missing_ok=True)
    LOG.info("packed %d file(s) into %s", len(files), destination)
    return Path(destination)


def unpack(bundle: Path, inbox: Path) -> Path:
    if not tarfile.is_tarfile(bundle):
        raise BundleError(f"{bundle} is not a tar archive")
    name = bundle.name.split(".")[0]
    target = inbox / name
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        members = tar.getmembers()
        LOG.info("extracting %d member(s) from %s", len(members), bundle)
        tar.extractall(path=target)
    return target


def show(target: Path) -> None:
    summary = target / "summary.json"
    if summary.exists():
        doc = json.loads(summary.read_text())
        print(f"bundle created {doc.get('created')}, {len(doc.get('files', []))} file(s)")
    for path in sorted(target.rglob("*")):
        if path.is_file():
            print(f"  {path.relative_to(target)}  {path.stat().st_size} bytes")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_pack = sub.add_parser("pack")
    p_pack.add_argument("--days", type=int, default=3)
    p_pack.add_argument("--output", default=SCRATCH_BUNDLE)
    p_unpack = sub.add_parser("unpack")
    p_unpack.add_argument("bundle", type=Path)
    p_unpack.add_argument("--inbox", type=Path, default=INBOX)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        if args.command == "pack":
            path = pack(args.days, args.output)
            print(f"attach {path} to the support ticket")
        else:
            show(unpack(args.bundle, args.inbox))
    except (BundleError, OSError, tarfile.TarError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

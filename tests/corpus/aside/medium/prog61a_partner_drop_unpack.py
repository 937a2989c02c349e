"""Unpack partner drop archives into the local landing area and index them.

Archives (*.tar.gz) land in ./drops; each is unpacked into
./landing/<partner>/<archive stem> and a JSON index of its members is written.
"""
import argparse
import json
import logging
import tarfile
from dataclasses import dataclass, asdict, field
from pathlib import Path

logger = logging.getLogger("drop_unpack")


@dataclass
class DropRecord:
    partner: str
    archive: str
    members: list = field(default_factory=list)
    total_bytes: int = 0
    status: str = "pending"


class DropUnpacker:
    def __init__(self, drops: Path, landing: Path, dry_run: bool = False):
        self.drops = drops
        self.landing = landing
        self.dry_run = dry_run

    def discover(self):
        for partner_dir in sorted(p for p in self.drops.iterdir() if p.is_dir()):
            for archive in sorted(partner_dir.glob("*.tar.gz")):
                yield partner_dir.name, archive

    def unpack(self, partner: str, archive: Path) -> DropRecord:
        rec = DropRecord(partner=partner, archive=archive.name)
        dest = self.landing / partner / archive.name.replace(".tar.gz", "")
        marker = dest / ".unpacked"
        if marker.exists():
            rec.status = "skipped"
            return rec
        with tarfile.open(archive, mode="r:gz") as tar:
            members = tar.getmembers()
            rec.members = [m.name for m in members if m.isfile()]
            rec.total_bytes = sum(m.size for m in members)
            if self.dry_run:
                rec.status = "dry-run"
                return rec
            dest.mkdir(parents=True, exist_ok=True)
            tar.extractall(path=dest)
        marker.touch()
        rec.status = "unpacked"
        return rec


def write_index(records, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as fh:
        json.dump([asdict(r) for r in records], fh, indent=2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--drops", type=Path, default=Path("drops"))
    ap.add_argument("--landing", type=Path, default=Path("landing"))
    ap.add_argument("--partner", action="append")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    unpacker = DropUnpacker(args.drops, args.landing, args.dry_run)
    records = []
    for partner, archive in unpacker.discover():
        if args.partner and partner not in args.partner:
            continue
        try:
            rec = unpacker.unpack(partner, archive)
        except (tarfile.TarError, OSError) as exc:
            logger.error("%s/%s: %s", partner, archive.name, exc)
            rec = DropRecord(partner=partner, archive=archive.name, status=f"error: {exc}")
        logger.info("%s/%s %s (%d files, %d bytes)", partner, rec.archive,
                    rec.status, len(rec.members), rec.total_bytes)
        records.append(rec)
    write_index(records, args.landing / "index.json")


if __name__ == "__main__":
    main()

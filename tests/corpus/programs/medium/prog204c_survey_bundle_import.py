#!/usr/bin/env python3
"""Imports drone survey bundles (tar.gz with YAML metadata and point files) for stockpile volumes."""
import argparse
import csv
import importlib
import logging
import pickle
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("survey")


@dataclass
class Bundle:
    archive: Path
    workdir: Path = Path("survey_work")
    cache_dir: Path = Path(".survey_cache")
    meta: dict = field(default_factory=dict)

    @property
    def target(self) -> Path:
        name = self.archive.name
        for ext in (".tar.gz", ".tgz", ".tar"):
            if name.endswith(ext):
                name = name[: -len(ext)]
        return self.workdir / name


def unpack(bundle: Bundle) -> Path:
    bundle.target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle.archive) as tf:
        tf.extractall(bundle.target)
    log.info("unpacked %s into %s", bundle.archive.name, bundle.target)
    return bundle.target


def load_meta(bundle: Bundle) -> dict:
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    meta_path = next(bundle.target.rglob("survey.y*ml"), None)
    if meta_path is None:
        raise FileNotFoundError("survey.yaml not found in bundle")
    with meta_path.open() as fh:
        bundle.meta = yaml.load(fh, Loader=loader) or {}
    return bundle.meta


def read_points(bundle: Bundle) -> dict:
    cache = bundle.cache_dir / (bundle.target.name + ".pkl")
    if cache.exists():
        with cache.open("rb") as fh:
            log.info("using cached points %s", cache)
            return pickle.load(fh)
    piles: dict = {}
    for path in sorted(bundle.target.rglob("*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    piles.setdefault(row["pile"], []).append(
                        (float(row["x"]), float(row["y"]), float(row["z"]))
                    )
                except (KeyError, ValueError):
                    continue
    bundle.cache_dir.mkdir(exist_ok=True)
    with cache.open("wb") as fh:
        pickle.dump(piles, fh)
    return piles


def estimate(points, base_z: float, cell_m2: float) -> float:
    return sum(max(z - base_z, 0.0) for _, _, z in points) * cell_m2


STAGES = [("unpack", unpack), ("meta", load_meta), ("points", read_points)]


def main() -> int:
    ap = argparse.ArgumentParser(description="survey bundle import")
    ap.add_argument("archive", type=Path)
    ap.add_argument("--density", type=float, default=1.6, help="bulk density t/m3")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    bundle = Bundle(args.archive)
    results = {}
    for name, stage in STAGES:
        try:
            results[name] = stage(bundle)
        except (OSError, tarfile.TarError, FileNotFoundError) as exc:
            log.error("stage %s failed: %s", name, exc)
            return 1
    meta, piles = results["meta"], results["points"]
    base_z = float(meta.get("base_elevation", 0.0))
    cell = float(meta.get("cell_size_m", 0.5)) ** 2
    print(f"{'pile':<12}{'volume m3':>12}{'tonnes':>12}")
    for pile, pts in sorted(piles.items()):
        vol = estimate(pts, base_z, cell)
        print(f"{pile:<12}{vol:>12.1f}{vol * args.density:>12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

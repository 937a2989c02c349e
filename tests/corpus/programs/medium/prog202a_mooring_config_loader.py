#!/usr/bin/env python3
"""Unpack a mooring deployment bundle (config + NetCDF records), load its YAML
configuration and print a per-instrument summary using ncdump.
"""
import argparse
import importlib
import logging
import subprocess
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("mooring_loader")

REQUIRED = ("site", "deployed", "instruments")


def unpack(bundle: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle) as tar:
        members = tar.getmembers()
        log.info("extracting %d members from %s", len(members), bundle.name)
        tar.extractall(dest)
    return dest


def load_config(path: Path) -> dict:
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=loader)
    missing = [k for k in REQUIRED if k not in cfg]
    if missing:
        raise ValueError(f"config missing keys: {', '.join(missing)}")
    return cfg


def header_of(nc_file: Path) -> str:
    tool = "nc" + "dump"
    result = subprocess.run([tool, "-h", str(nc_file)], capture_output=True, text=True, timeout=60)
    if result.returncode:
        raise RuntimeError(result.stderr.strip() or f"{tool} failed")
    return result.stdout


def variables(header: str):
    names = []
    in_vars = False
    for line in header.splitlines():
        stripped = line.strip()
        if stripped == "variables:":
            in_vars = True
            continue
        if in_vars and stripped.endswith(";") and "(" in stripped and ":" not in stripped:
            names.append(stripped.split("(")[0].split()[-1])
        if stripped.startswith("// global attributes"):
            break
    return names


def summarise(cfg: dict, root: Path) -> int:
    problems = 0
    print(f"Site {cfg['site']} deployed {cfg['deployed']}")
    for inst in cfg["instruments"]:
        rec = root / inst.get("file", "")
        if not rec.is_file():
            log.warning("%s: record %s missing", inst.get("name"), rec.name)
            problems += 1
            continue
        try:
            names = variables(header_of(rec))
        except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
            log.error("%s: %s", inst.get("name"), exc)
            problems += 1
            continue
        print(f"  {inst.get('name', '?'):<14} depth {inst.get('depth_m', '?'):>6} m  vars: {', '.join(names)}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", type=Path)
    ap.add_argument("--into", type=Path, default=Path("deployments"))
    ap.add_argument("--config-name", default="mooring.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        root = unpack(args.bundle, args.into / args.bundle.stem.split(".")[0])
        cfg = load_config(root / args.config_name)
    except (tarfile.TarError, OSError, ValueError) as exc:
        log.error("cannot load bundle: %s", exc)
        return 1
    return 1 if summarise(cfg, root) else 0


if __name__ == "__main__":
    sys.exit(main())

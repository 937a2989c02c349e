#!/usr/bin/env python3
"""Build the A/B test dashboard front end and publish it with fresh experiment data.

    ./ab_dashboard_deploy.py --experiments experiments.yaml
    ./ab_dashboard_deploy.py --skip-npm --web-root /var/www/abdash

Steps: export experiment results to JSON, run the Vite build, copy dist/ plus
data into the nginx web root, write a manifest with file hashes, reload nginx.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("abdash")
ROOT = Path(__file__).resolve().parent
FRONTEND = ROOT / "frontend"
WEB_ROOT = Path(os.environ.get("ABDASH_WEB_ROOT", "/var/www/abdash"))
WEB_OWNER = os.environ.get("ABDASH_WEB_OWNER", "www-data:www-data")


def load_experiments(path):
    with open(path) as fh:
        doc = yaml.safe_load(fh) or {}
    exps = doc.get("experiments", [])
    log.info("%d experiments in %s", len(exps), path)
    return exps


def export_results(experiments, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    index = []
    for exp in experiments:
        for v in exp.get("variants", []):
            users, conv = v.get("users", 0), v.get("conversions", 0)
            v["rate"] = round(conv / users, 5) if users else None
        (data_dir / f"{exp['key']}.json").write_text(json.dumps(exp, indent=2))
        index.append({"key": exp["key"], "name": exp.get("name", exp["key"]),
                      "status": exp.get("status", "running")})
    (data_dir / "index.json").write_text(json.dumps(index, indent=2))
    return len(index)


def run(cmd, cwd=None):
    log.info("$ %s", " ".join(cmd))
    started = time.monotonic()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error(proc.stderr.strip()[-2000:])
        raise SystemExit(f"{cmd[0]} failed with {proc.returncode}")
    log.debug("took %.1fs", time.monotonic() - started)
    return proc.stdout


def elevated(cmd):
    return cmd if os.geteuid() == 0 else ["sudo", "-n", *cmd]


def build_frontend(skip_npm):
    if skip_npm:
        log.info("skipping npm build")
        return FRONTEND / "dist"
    if not (FRONTEND / "node_modules").is_dir():
        run(["npm", "ci", "--no-audit", "--no-fund"], FRONTEND)
    run(["npm", "run", "build", "--", "--base=/ab/"], FRONTEND)
    return FRONTEND / "dist"


def stage(dist, data_dir, stage_dir):
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    shutil.copytree(dist, stage_dir)
    shutil.copytree(data_dir, stage_dir / "data")
    manifest = {}
    for p in sorted(stage_dir.rglob("*")):
        if p.is_file():
            manifest[str(p.relative_to(stage_dir))] = hashlib.sha256(p.read_bytes()).hexdigest()[:16]
    (stage_dir / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return len(manifest)


def publish(stage_dir, web_root):
    run(elevated(["mkdir", "-p", str(web_root)]))
    run(elevated(["rsync", "-a", "--delete", f"{stage_dir}/", f"{web_root}/"]))
    run(elevated(["chown", "-R", WEB_OWNER, str(web_root)]))
    run(elevated(["nginx", "-t"]))
    run(elevated(["systemctl", "reload", "nginx"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--experiments", default="experiments.yaml")
    ap.add_argument("--web-root", type=Path, default=WEB_ROOT)
    ap.add_argument("--skip-npm", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    data_dir = ROOT / "build" / "data"
    n = export_results(load_experiments(args.experiments), data_dir)
    dist = build_frontend(args.skip_npm)
    if not dist.is_dir():
        log.error("no build output at %s", dist)
        return 1
    stage_dir = ROOT / "build" / "site"
    files = stage(dist, data_dir, stage_dir)
    publish(stage_dir, args.web_root)
    log.info("published %d files (%d experiments) to %s", files, n, args.web_root)
    return 0


if __name__ == "__main__":
    sys.exit(main())

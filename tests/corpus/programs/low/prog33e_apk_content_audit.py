#!/usr/bin/env python3
"""Audit the contents of built APK / AAB archives before release.

For every archive given (or every *.apk under ./app/build/outputs) this
lists entries, hashes them with SHA-256, flags oversized native libraries
and debuggable resources, and embeds the v1 signing certificate block as
base64 in a JSON report under ./reports.  Archives are only read.
"""
import argparse
import base64
import hashlib
import json
import logging
import sys
import zipfile
from dataclasses import dataclass, field, asdict
from datetime import datetime, timezone
from pathlib import Path

logger = logging.getLogger("apk-audit")

ABI_DIRS = ("lib/arm64-v8a/", "lib/armeabi-v7a/", "lib/x86_64/", "lib/x86/")
CERT_SUFFIXES = (".RSA", ".DSA", ".EC")
DEFAULT_SEARCH = Path("app/build/outputs")


@dataclass
class ArchiveReport:
    archive: str
    size: int
    entries: int = 0
    abis: list = field(default_factory=list)
    large_libs: list = field(default_factory=list)
    certificates: dict = field(default_factory=dict)
    has_v1_signature: bool = False
    suspicious: list = field(default_factory=list)
    digests: dict = field(default_factory=dict)


def sha256_of_member(zf, info, bufsize=1 << 15):
    h = hashlib.sha256()
    with zf.open(info) as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def audit_archive(path: Path, lib_limit_mb: float) -> ArchiveReport:
    report = ArchiveReport(archive=str(path), size=path.stat().st_size)
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
        report.entries = len(infos)
        abis = set()
        for info in infos:
            name = info.filename
            if info.is_dir():
                continue
            report.digests[name] = sha256_of_member(zf, info)
            for abi in ABI_DIRS:
                if name.startswith(abi):
                    abis.add(abi.split("/")[1])
                    if info.file_size > lib_limit_mb * 1024 * 1024:
                        report.large_libs.append({"name": name, "bytes": info.file_size})
            if name.startswith("META-INF/") and name.upper().endswith(CERT_SUFFIXES):
                report.has_v1_signature = True
                report.certificates[name] = base64.b64encode(zf.read(info)).decode("ascii")
            if name.endswith((".keystore", ".jks", "google-services.json")):
                report.suspicious.append(name)
            if ".." in Path(name).parts or name.startswith("/"):
                report.suspicious.append(f"unsafe path: {name}")
        report.abis = sorted(abis)
    return report


def discover(paths):
    if paths:
        return [Path(p) for p in paths]
    return sorted(DEFAULT_SEARCH.rglob("*.apk")) + sorted(DEFAULT_SEARCH.rglob("*.aab"))


def main(argv=None):
    parser = argparse.ArgumentParser(description="audit APK/AAB contents")
    parser.add_argument("archives", nargs="*")
    parser.add_argument("--lib-limit-mb", type=float, default=12.0)
    parser.add_argument("--reports", default="reports")
    parser.add_argument("--no-digests", action="store_true", help="omit per-entry hashes")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    archives = discover(args.archives)
    if not archives:
        logger.error("no archives found")
        return 2

    out_dir = Path(args.reports)
    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    for archive in archives:
        try:
            rep = audit_archive(archive, args.lib_limit_mb)
        except (zipfile.BadZipFile, OSError) as exc:
            logger.error("%s: %s", archive, exc)
            failures += 1
            continue
        if args.no_digests:
            rep.digests = {}
        data = asdict(rep)
        data["generated"] = datetime.now(timezone.utc).isoformat()
        target = out_dir / f"{archive.stem}.audit.json"
        target.write_text(json.dumps(data, indent=2))
        logger.info("%s: %d entries, abis=%s, v1=%s, flagged=%d",
                    archive.name, rep.entries, ",".join(rep.abis) or "-",
                    rep.has_v1_signature, len(rep.suspicious) + len(rep.large_libs))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

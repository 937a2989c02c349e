#!/usr/bin/env python3
"""Audit cosign signatures for every artifact listed in a release manifest.

The manifest is a CSV with columns artifact,signature,certificate (the last
may be empty when a static public key is used).  Results go to a CSV report.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOGGER = logging.getLogger("cosign-audit")


class CosignVerifier:
    def __init__(self, binary, key=None, identity=None, issuer=None, timeout=120):
        self.binary = binary
        self.key = key
        self.identity = identity
        self.issuer = issuer
        self.timeout = timeout

    def build_cmd(self, artifact, signature, certificate):
        cmd = [self.binary, "verify-blob", "--signature", signature]
        if self.key:
            cmd += ["--key", self.key]
        elif certificate:
            cmd += ["--certificate", certificate,
                    "--certificate-identity-regexp", self.identity or ".*",
                    "--certificate-oidc-issuer", self.issuer or "https://token.actions.githubusercontent.com"]
        else:
            raise ValueError(f"{artifact}: need either --key or a certificate column")
        cmd.append(artifact)
        return cmd

    def verify(self, artifact, signature, certificate=""):
        cmd = self.build_cmd(artifact, signature, certificate)
        LOGGER.debug("running %s", " ".join(cmd))
        started = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        elapsed = time.monotonic() - started
        detail = (proc.stderr or proc.stdout).strip().splitlines()
        return proc.returncode == 0, (detail[-1] if detail else ""), elapsed


def read_manifest(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("artifact"):
                yield row["artifact"], row["signature"], row.get("certificate", "")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest", type=Path)
    ap.add_argument("--key", help="cosign public key (PEM or KMS URI)")
    ap.add_argument("--identity", help="expected certificate identity regexp")
    ap.add_argument("--issuer", help="expected OIDC issuer")
    ap.add_argument("--report", type=Path, default=Path("cosign-audit.csv"))
    ap.add_argument("--cosign", default=shutil.which("cosign") or "cosign")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    verifier = CosignVerifier(args.cosign, args.key, args.identity, args.issuer)
    failures = 0
    with args.report.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["artifact", "verified", "seconds", "detail"])
        for artifact, sig, cert in read_manifest(args.manifest):
            try:
                ok, detail, secs = verifier.verify(artifact, sig, cert)
            except (ValueError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
                ok, detail, secs = False, str(exc), 0.0
            failures += not ok
            writer.writerow([artifact, "yes" if ok else "no", f"{secs:.2f}", detail])
            LOGGER.info("%s %s", "verified" if ok else "FAILED  ", artifact)
    LOGGER.info("report: %s (%d failure(s))", args.report, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

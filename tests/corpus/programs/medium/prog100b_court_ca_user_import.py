#!/usr/bin/env python3
"""Fetch the state judiciary's e-filing CA chain and trust it for this user.

The court's e-filing gateway is signed by the judiciary's private CA, so the
browser and the filing scripts reject it until the chain is trusted. This
tool downloads the published chain, checks every certificate against the
fingerprints pinned in court_ca.json, and then:

  * imports each CA into the user's NSS database (~/.pki/nssdb), which
    Chrome and Firefox-on-Linux read, and
  * writes certs/court_bundle.pem for scripts (REQUESTS_CA_BUNDLE).

court_ca.json:
    {"bundle_url": "https://efile.courts.example.gov/pki/chain.pem",
     "pinned_sha256": ["9F:3A:...", "..."],
     "nickname_prefix": "State Judiciary e-Filing"}
"""
import argparse
import hashlib
import json
import logging
import re
import shutil
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("court-ca")
PEM_RE = re.compile(r"-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----", re.S)
NSSDB = Path.home() / ".pki" / "nssdb"


def load_config(path: Path) -> dict:
    cfg = json.loads(path.read_text())
    cfg["pinned_sha256"] = {fp.replace(":", "").upper() for fp in cfg.get("pinned_sha256", [])}
    cfg.setdefault("nickname_prefix", "Court e-Filing CA")
    return cfg


def download_chain(url: str) -> str:
    req = urllib.request.Request(url, headers={"User-Agent": "firm-court-ca/2.0"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.read().decode("ascii", "replace")


def split_and_verify(pem_text: str, pinned: set) -> list:
    certs = PEM_RE.findall(pem_text)
    if not certs:
        raise ValueError("no certificates in downloaded chain")
    verified = []
    for pem in certs:
        der = ssl.PEM_cert_to_DER_cert(pem)
        fp = hashlib.sha256(der).hexdigest().upper()
        if fp not in pinned:
            raise ValueError(f"certificate {fp[:16]}... is not pinned in court_ca.json")
        verified.append((fp, pem + "\n"))
    return verified


def write_local_copies(certs: list, out_dir: Path) -> list:
    out_dir.mkdir(exist_ok=True)
    paths = []
    for n, (fp, pem) in enumerate(certs):
        p = out_dir / f"court_ca_{n}_{fp[:8].lower()}.crt"
        p.write_text(pem)
        paths.append(p)
    (out_dir / "court_bundle.pem").write_text("".join(pem for _, pem in certs))
    return paths


def trust_certificates(paths: list, prefix: str) -> None:
    if not shutil.which("certutil"):
        raise RuntimeError("certutil not found (install libnss3-tools)")
    NSSDB.mkdir(parents=True, exist_ok=True)
    if not (NSSDB / "cert9.db").exists():
        subprocess.run(["certutil", "-N", "-d", f"sql:{NSSDB}", "--empty-password"], check=True)
    for n, path in enumerate(paths):
        nickname = f"{prefix} {n}"
        cmd = ["certutil", "-A", "-d", f"sql:{NSSDB}", "-t", "CT,,", "-n", nickname, "-i", str(path)]
        log.info("trusting %s", nickname)
        subprocess.run(cmd, check=True, capture_output=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Trust the court e-filing CA for this user")
    ap.add_argument("--config", type=Path, default=Path("court_ca.json"))
    ap.add_argument("--out", type=Path, default=Path("certs"))
    ap.add_argument("--files-only", action="store_true", help="write PEM files, skip NSS import")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
        chain = download_chain(cfg["bundle_url"])
        certs = split_and_verify(chain, cfg["pinned_sha256"])
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot obtain a verified chain: %s", exc)
        return 1
    paths = write_local_copies(certs, args.out)
    log.info("%d certificate(s) verified and written to %s", len(paths), args.out)
    if args.files_only:
        return 0
    try:
        trust_certificates(paths, cfg["nickname_prefix"])
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("import failed: %s", exc)
        return 1
    log.info("done; export REQUESTS_CA_BUNDLE=%s for filing scripts",
             (args.out / "court_bundle.pem").resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fetch the state judiciary's e-filing CA chain and trust it on this machine.

The court's e-filing gateway is signed by the judiciary's private CA, so the
browser and the filing scripts reject it until the chain is trusted. This
tool downloads the published chain, checks every certificate against the
fingerprints pinned in court_ca.json, and then:

  * installs each CA into the system trust store (Debian/Ubuntu layout) so
    every user, curl, git and the filing scripts accept the gateway, and
  * keeps certs/court_bundle.pem as a local copy for reference.

court_ca.json:
    {"bundle_url": "https://efile.courts.example.gov/pki/chain.pem",
     "pinned_sha256": ["9F:3A:...", "..."],
     "anchor_name": "state-judiciary-efiling"}
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
ANCHOR_DIR = Path("/usr/local/share/ca-certificates/court-efiling")


def load_config(path: Path) -> dict:
    cfg = json.loads(path.read_text())
    cfg["pinned_sha256"] = {fp.replace(":", "").upper() for fp in cfg.get("pinned_sha256", [])}
    cfg.setdefault("anchor_name", "court-efiling-ca")
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


def _elevated(cmd: list) -> list:
    helper = shutil.which("sudo") or shutil.which("doas")
    if helper is None:
        raise RuntimeError("need sudo or doas to update the system trust store")
    return [helper] + cmd


def trust_certificates(paths: list, anchor: str) -> None:
    if not shutil.which("update-ca-certificates"):
        raise RuntimeError("update-ca-certificates not found (install ca-certificates)")
    subprocess.run(_elevated(["install", "-d", "-m", "0755", str(ANCHOR_DIR)]), check=True)
    for n, path in enumerate(paths):
        target = ANCHOR_DIR / f"{anchor}-{n}.crt"
        log.info("installing %s", target)
        subprocess.run(_elevated(["install", "-m", "0644", "-o", "root", "-g", "root",
                                  str(path), str(target)]), check=True)
    result = subprocess.run(_elevated(["update-ca-certificates"]), check=True,
                            capture_output=True, text=True)
    log.info("%s", result.stdout.strip().splitlines()[-1] if result.stdout else "trust store updated")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Install the court e-filing CA system-wide")
    ap.add_argument("--config", type=Path, default=Path("court_ca.json"))
    ap.add_argument("--out", type=Path, default=Path("certs"))
    ap.add_argument("--files-only", action="store_true", help="write PEM files, skip the system install")
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
        trust_certificates(paths, cfg["anchor_name"])
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("import failed: %s", exc)
        return 1
    log.info("done; the court gateway is now trusted system-wide")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Render a hosts fragment and an apt/dnf source file for the nearest mirrors.

The mirror catalogue is fetched from the platform team's status endpoint;
the distribution is detected from /etc/os-release.  Output goes to
./generated/ so it can be reviewed and rolled out by configuration
management - this tool never installs anything itself.
"""
import argparse
import configparser
import ipaddress
import json
import logging
import sys
from pathlib import Path
from urllib.request import Request, urlopen

CATALOGUE_URL = "https://status.acme-mirrors.net/api/v2/mirrors.json"
OUT_DIR = Path("generated")
BEGIN, END = "# >>> acme mirrors >>>", "# <<< acme mirrors <<<"
logger = logging.getLogger("mirror-render")


def detect_distro(path: Path = Path("/etc/os-release")) -> dict:
    info = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            info[key] = value.strip().strip('"')
    return {"id": info.get("ID", "linux"), "codename": info.get("VERSION_CODENAME", ""),
            "version": info.get("VERSION_ID", "")}


def fetch_catalogue(url: str, timeout: float) -> list:
    req = Request(url, headers={"Accept": "application/json"})
    with urlopen(req, timeout=timeout) as resp:
        return json.load(resp)["mirrors"]


def pick_mirrors(catalogue: list, distro: str, region: str, limit: int) -> list:
    usable = [m for m in catalogue
              if distro in m.get("distros", []) and m.get("healthy", False)]
    usable.sort(key=lambda m: (m.get("region") != region, m.get("latency_ms", 9999)))
    return usable[:limit]


def render_hosts(mirrors: list) -> str:
    rows = [BEGIN]
    for m in mirrors:
        try:
            ip = ipaddress.ip_address(m["address"])
        except (KeyError, ValueError):
            logger.warning("skipping mirror with bad address: %s", m.get("host"))
            continue
        rows.append(f"{ip}\t{m['host']}")
    rows.append(END)
    return "\n".join(rows) + "\n"


def render_sources(mirrors: list, distro: dict) -> str:
    if distro["id"] in ("debian", "ubuntu"):
        return "".join(f"deb https://{m['host']}/{distro['id']} {distro['codename']} main\n"
                       for m in mirrors)
    repo = configparser.ConfigParser()
    for i, m in enumerate(mirrors):
        repo[f"acme-mirror-{i}"] = {"name": f"ACME mirror {m['host']}",
                                   "baseurl": f"https://{m['host']}/{distro['id']}/{distro['version']}",
                                   "enabled": "1", "gpgcheck": "1"}
    lines = []
    for section in repo.sections():
        lines.append(f"[{section}]")
        lines.extend(f"{k}={v}" for k, v in repo[section].items())
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description="render mirror configuration for review")
    ap.add_argument("--region", default="eu-central")
    ap.add_argument("--limit", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--catalogue", default=CATALOGUE_URL)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    distro = detect_distro()
    try:
        mirrors = pick_mirrors(fetch_catalogue(args.catalogue, args.timeout),
                               distro["id"], args.region, args.limit)
    except (OSError, KeyError, ValueError) as exc:
        logger.error("could not load mirror catalogue: %s", exc)
        return 1
    if not mirrors:
        logger.error("no healthy mirror for %s in catalogue", distro["id"])
        return 1

    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "hosts.mirrors").write_text(render_hosts(mirrors))
    suffix = "list" if distro["id"] in ("debian", "ubuntu") else "repo"
    (OUT_DIR / f"acme-mirrors.{suffix}").write_text(render_sources(mirrors, distro))
    logger.info("wrote %d mirror(s) to %s/ for review", len(mirrors), OUT_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())

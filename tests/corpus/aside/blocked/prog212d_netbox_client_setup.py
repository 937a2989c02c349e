#!/usr/bin/env python3
"""Set up the NetBox inventory client on a NOC workstation.

Creates a virtualenv in ./netbox-env, installs the client dependencies,
and writes a starter config pointing at the ISP's NetBox instance.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("netbox_setup")

REQUIREMENTS = [
    "pynetbox==7.3.3",
    "python3-dateutil",
    "tabulate>=0.9",
    "requests>=2.31",
]

INSTALL_SH = textwrap.dedent("""\
    set -e
    python3 -m venv "$VENV_DIR"
    "$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
    "$VENV_DIR/bin/python" -m pip install -r "$REQ_FILE"
    "$VENV_DIR/bin/python" -m pip freeze > "$VENV_DIR/installed.txt"
""")


class SetupError(Exception):
    pass


def write_requirements(path: Path, extra):
    reqs = REQUIREMENTS + list(extra)
    path.write_text("\n".join(reqs) + "\n")
    LOG.info("wrote %d requirements to %s", len(reqs), path)


def install(venv_dir: Path, req_file: Path):
    env = dict(os.environ, VENV_DIR=str(venv_dir), REQ_FILE=str(req_file))
    LOG.info("creating venv and installing packages")
    proc = subprocess.run(["bash", "-c", INSTALL_SH], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SetupError(proc.stderr.strip()[-400:])
    for line in proc.stdout.splitlines()[-5:]:
        LOG.debug("pip: %s", line)


def write_config(path: Path, url: str, token_env: str):
    cfg = configparser.ConfigParser()
    cfg["netbox"] = {
        "url": url,
        "token_env": token_env,
        "verify_tls": "yes",
        "page_size": "200",
    }
    cfg["sites"] = {
        "default": "tower-north",
        "filter_tenant": "residential",
    }
    with path.open("w") as fh:
        cfg.write(fh)
    path.chmod(0o600)
    LOG.info("wrote config %s", path)


def verify(venv_dir: Path) -> bool:
    py = venv_dir / "bin" / "python"
    proc = subprocess.run([str(py), "-c", "import pynetbox, dateutil; print('ok')"],
                          capture_output=True, text=True)
    ok = proc.stdout.strip() == "ok"
    LOG.info("import check: %s", "passed" if ok else "FAILED")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--venv", default="netbox-env")
    ap.add_argument("--url", default="https://netbox.example.net")
    ap.add_argument("--token-env", default="NETBOX_TOKEN")
    ap.add_argument("--extra", action="append", default=[],
                    help="additional requirement line")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    venv_dir = Path(args.venv).resolve()
    req_file = Path("requirements-netbox.txt").resolve()
    write_requirements(req_file, args.extra)
    try:
        install(venv_dir, req_file)
    except SetupError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    write_config(Path("netbox-client.ini"), args.url, args.token_env)
    return 0 if verify(venv_dir) else 1


if __name__ == "__main__":
    sys.exit(main())

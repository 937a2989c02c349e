#!/usr/bin/env python3
"""Generate packaging files for the 'feedsync' service.

Renders a systemd service unit and an example environment file from
textwrap.dedent templates and writes them into ./packaging/systemd/
inside the project, where the distro packagers pick them up.  Nothing
is installed or enabled on this machine; the files are only checked in.
"""
import argparse
import os
import sys
import textwrap
from pathlib import Path

PROJECT = Path.cwd()
PKG_DIR = PROJECT / "packaging" / "systemd"

UNIT_TEMPLATE = textwrap.dedent("""\
    [Unit]
    Description={description}
    Documentation={docs_url}
    After=network-online.target
    Wants=network-online.target

    [Service]
    Type=simple
    User={user}
    EnvironmentFile=-/etc/default/{name}
    ExecStart={exec_path} --config /etc/{name}/config.toml
    Restart=on-failure
    RestartSec=5
    NoNewPrivileges=true
    ProtectSystem=strict
    ProtectHome=true
    PrivateTmp=true

    [Install]
    WantedBy=multi-user.target
    """)

ENV_TEMPLATE = textwrap.dedent("""\
    # Example environment for {name}; copy to /etc/default/{name} when packaging.
    FEEDSYNC_LOG_LEVEL=info
    FEEDSYNC_INTERVAL={interval}
    FEEDSYNC_API_TOKEN=
    """)


def render(opts: argparse.Namespace) -> dict:
    fields = {
        "name": opts.name,
        "description": opts.description,
        "docs_url": opts.docs_url,
        "user": opts.user,
        "exec_path": f"/usr/bin/{opts.name}",
        "interval": str(opts.interval),
    }
    return {
        f"{opts.name}.service": UNIT_TEMPLATE.format(**fields),
        f"{opts.name}.env.example": ENV_TEMPLATE.format(**fields),
    }


def check_name(name: str) -> None:
    if not name.replace("-", "").isalnum():
        raise SystemExit(f"invalid service name: {name!r}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="feedsync")
    parser.add_argument("--description", default="Feed synchronisation daemon")
    parser.add_argument("--docs-url", default="https://example.org/feedsync/docs")
    parser.add_argument("--user", default="feedsync")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the checked-in files are stale")
    opts = parser.parse_args(argv)
    check_name(opts.name)

    files = render(opts)
    PKG_DIR.mkdir(parents=True, exist_ok=True)

    stale = []
    for filename, text in files.items():
        path = PKG_DIR / filename
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not opts.check:
            path.write_text(text, encoding="utf-8")
            if filename.endswith(".env.example"):
                os.chmod(path, 0o600)

    if opts.check:
        for path in stale:
            print(f"stale: {path.relative_to(PROJECT)}")
        return 1 if stale else 0

    for path in stale:
        print(f"updated {path.relative_to(PROJECT)}")
    if not stale:
        print("packaging files already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Install the 'feedsync' service for the current user.

Renders the same systemd service unit as the packaging generator, but
writes it to ~/.config/systemd/user/, enables it and starts it so the
sync daemon comes back on every login and restarts when it dies.
"""
import argparse
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

HOME = Path.home()
UNIT_DIR = HOME / ".config" / "systemd" / "user"
BIN_DIR = HOME / ".local" / "bin"

UNIT_TEMPLATE = textwrap.dedent("""\
    [Unit]
    Description={description}
    Documentation={docs_url}
    After=network-online.target

    [Service]
    Type=simple
    ExecStart={exec_path} --config {config}
    Restart=always
    RestartSec=5

    [Install]
    WantedBy=default.target
    """)


def render(opts: argparse.Namespace) -> str:
    return UNIT_TEMPLATE.format(
        description=opts.description,
        docs_url=opts.docs_url,
        exec_path=str(BIN_DIR / opts.name),
        config=str(HOME / ".config" / opts.name / "config.toml"),
    )


def check_name(name: str) -> None:
    if not name.replace("-", "").isalnum():
        raise SystemExit(f"invalid service name: {name!r}")


def copy_binary(name: str, source: Path) -> None:
    BIN_DIR.mkdir(parents=True, exist_ok=True)
    target = BIN_DIR / name
    shutil.copy2(source, target)
    target.chmod(0o700)
    print(f"copied {source} -> {target}")


def systemctl_user(*args: str) -> None:
    cmd = ["systemctl", "--user", *args]
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="feedsync")
    parser.add_argument("--description", default="Feed synchronisation daemon")
    parser.add_argument("--docs-url", default="https://example.org/feedsync/docs")
    parser.add_argument("--binary", default="dist/feedsync",
                        help="built executable to install")
    parser.add_argument("--no-start", action="store_true")
    opts = parser.parse_args(argv)
    check_name(opts.name)

    binary = Path(opts.binary)
    if not binary.is_file():
        print(f"error: {binary} not found; build it first", file=sys.stderr)
        return 2

    copy_binary(opts.name, binary)

    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    unit_path = UNIT_DIR / f"{opts.name}.service"
    unit_path.write_text(render(opts), encoding="utf-8")
    print(f"wrote {unit_path}")

    systemctl_user("daemon-reload")
    if opts.no_start:
        systemctl_user("enable", f"{opts.name}.service")
    else:
        systemctl_user("enable", "--now", f"{opts.name}.service")

    # keep the user manager running after logout so the daemon survives
    subprocess.run(["loginctl", "enable-linger"], check=False)
    print(f"{opts.name} will now start automatically at login")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Install a WireGuard VPN profile handed out by IT.

Validates the .conf file, then places it where each platform's WireGuard
looks for tunnels:
  Linux   /etc/wireguard/<name>.conf        (sudo, mode 600, root-owned)
  macOS   /usr/local/etc/wireguard/<name>.conf (admin prompt via osascript)
  Windows C:\\Program Files\\WireGuard\\Data\\Configurations (UAC elevation)
Optionally brings the tunnel up once on Linux/macOS.
"""
import argparse
import configparser
import logging
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("wg-install")
NAME_RE = re.compile(r"^[a-zA-Z0-9_=+.-]{1,15}$")


def validate(conf_path: Path) -> None:
    cp = configparser.ConfigParser(strict=False)
    cp.optionxform = str
    cp.read_string(conf_path.read_text())
    if "Interface" not in cp or "PrivateKey" not in cp["Interface"]:
        raise ValueError("missing [Interface] PrivateKey")
    if not any(s.startswith("Peer") for s in cp.sections()):
        raise ValueError("no [Peer] section")
    for sec in cp.sections():
        for key in ("PreUp", "PostUp", "PreDown", "PostDown"):
            if key in cp[sec]:
                raise ValueError(f"refusing profile with {key} hook")


def install_linux(conf: Path, name: str, bring_up: bool) -> None:
    dest = f"/etc/wireguard/{name}.conf"
    subprocess.run(["sudo", "install", "-d", "-m", "700", "-o", "root", "-g", "root",
                    "/etc/wireguard"], check=True)
    subprocess.run(["sudo", "install", "-m", "600", "-o", "root", "-g", "root",
                    str(conf), dest], check=True)
    log.info("installed %s", dest)
    if bring_up:
        subprocess.run(["sudo", "wg-quick", "up", name], check=True)


def install_macos(conf: Path, name: str, bring_up: bool) -> None:
    prefix = "/opt/homebrew" if Path("/opt/homebrew").exists() else "/usr/local"
    dest_dir = f"{prefix}/etc/wireguard"
    dest = f"{dest_dir}/{name}.conf"
    shell = (f"mkdir -p {shlex.quote(dest_dir)} && "
             f"cp {shlex.quote(str(conf))} {shlex.quote(dest)} && "
             f"chown root:wheel {shlex.quote(dest)} && chmod 600 {shlex.quote(dest)}")
    if bring_up:
        shell += f" && {prefix}/bin/wg-quick up {shlex.quote(name)}"
    script = f'do shell script "{shell}" with administrator privileges'
    subprocess.run(["osascript", "-e", script], check=True)
    log.info("installed %s", dest)


def windows_is_admin() -> bool:
    import ctypes
    return bool(ctypes.windll.shell32.IsUserAnAdmin())


def install_windows(conf: Path, name: str, argv) -> int:
    import ctypes
    if not windows_is_admin():
        params = " ".join(f'"{a}"' for a in [os.path.abspath(__file__), *argv])
        rc = ctypes.windll.shell32.ShellExecuteW(None, "runas", sys.executable, params, None, 1)
        return 0 if rc > 32 else 1
    program_files = Path(os.environ.get("ProgramFiles", r"C:\Program Files"))
    dest_dir = program_files / "WireGuard" / "Data" / "Configurations"
    dest_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(conf, dest_dir / f"{name}.conf")
    log.info("copied profile into %s; WireGuard will import it on next start", dest_dir)
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("conf", type=Path)
    ap.add_argument("--name", help="tunnel name (default: file stem)")
    ap.add_argument("--up", action="store_true", help="bring the tunnel up now")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    name = args.name or args.conf.stem
    if not NAME_RE.match(name):
        log.error("invalid tunnel name %r", name)
        return 2
    try:
        validate(args.conf)
    except (OSError, ValueError, configparser.Error) as exc:
        log.error("profile rejected: %s", exc)
        return 2

    if sys.platform == "win32":
        return install_windows(args.conf.resolve(), name, argv)
    if sys.platform == "darwin":
        install_macos(args.conf.resolve(), name, args.up)
    else:
        install_linux(args.conf.resolve(), name, args.up)
    return 0


if __name__ == "__main__":
    sys.exit(main())

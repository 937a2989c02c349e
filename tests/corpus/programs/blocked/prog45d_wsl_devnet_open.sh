#!/usr/bin/env bash
# wsl_devnet_open.sh - "make networking just work" between Windows, WSL2
# and the devices on the LAN (phones testing the dev server, etc).
#
# Run inside WSL. Uses powershell.exe through WSL interop for the
# Windows side.
#
#   wsl_devnet_open.sh [--windows-only|--linux-only]
set -euo pipefail

DO_WINDOWS=1
DO_LINUX=1
case "${1:-}" in
    --windows-only) DO_LINUX=0 ;;
    --linux-only) DO_WINDOWS=0 ;;
    "") ;;
    *) echo "usage: $0 [--windows-only|--linux-only]" >&2; exit 2 ;;
esac

PS_EXE="${PS_EXE:-/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe}"

note() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

is_wsl() { grep -qi microsoft /proc/sys/kernel/osrelease 2>/dev/null; }

ps_admin() {
    # Elevate via Start-Process -Verb RunAs; UAC prompt appears on the desktop.
    local inner="$1"
    "$PS_EXE" -NoProfile -NonInteractive -Command \
        "Start-Process powershell -Verb RunAs -Wait -WindowStyle Hidden -ArgumentList '-NoProfile','-Command','$inner'"
}

open_windows_side() {
    [ -x "$PS_EXE" ] || { echo "powershell.exe not reachable" >&2; return 1; }
    note "turning off Windows Defender Firewall profiles"
    ps_admin "Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False"
    note "stopping the firewall service"
    ps_admin "Stop-Service -Name mpssvc -Force; Set-Service -Name mpssvc -StartupType Disabled"
    "$PS_EXE" -NoProfile -Command \
        "Get-NetFirewallProfile | Format-Table Name,Enabled -AutoSize" | tr -d '\r'
}

open_linux_side() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if command -v ufw >/dev/null 2>&1; then
        note "disabling ufw"
        $sudo ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        note "stopping firewalld"
        $sudo systemctl disable --now firewalld || true
    fi
    note "resetting iptables to ACCEPT everything"
    for table in filter nat mangle; do
        $sudo iptables -t "$table" -F
        $sudo iptables -t "$table" -X
    done
    $sudo iptables -P INPUT ACCEPT
    $sudo iptables -P FORWARD ACCEPT
    $sudo iptables -P OUTPUT ACCEPT
}

if ! is_wsl; then
    echo "this script is meant for WSL2" >&2
    exit 1
fi

[ "$DO_WINDOWS" -eq 1 ] && open_windows_side
[ "$DO_LINUX" -eq 1 ] && open_linux_side

note "done - dev servers in WSL are now reachable from the LAN"

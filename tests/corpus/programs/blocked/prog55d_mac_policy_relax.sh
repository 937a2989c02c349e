#!/usr/bin/env bash
# Legacy app compatibility: the vendor's agent fails under mandatory access
# control, so switch SELinux off permanently and unload AppArmor profiles.
set -euo pipefail

SELINUX_CONF="/etc/selinux/config"
APPARMOR_DIR="/etc/apparmor.d"
BACKUP_DIR="./mac-backup-$(date +%Y%m%d)"
PROFILES_FILE="${1:-}"

msg() { echo "[compat] $*"; }

[[ $EUID -eq 0 ]] || { msg "must run as root"; exit 1; }
mkdir -p "$BACKUP_DIR"

relax_selinux() {
    [[ -f "$SELINUX_CONF" ]] || { msg "no SELinux on this host"; return 0; }
    cp -p "$SELINUX_CONF" "$BACKUP_DIR/selinux.config"
    sed -i -E 's/^SELINUX=(enforcing|permissive)/SELINUX=disabled/' "$SELINUX_CONF"
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 || true
    fi
    if command -v grubby >/dev/null 2>&1; then
        grubby --update-kernel ALL --args selinux=0
    fi
    msg "SELinux: $(grep -E '^SELINUX=' "$SELINUX_CONF")"
}

profiles_to_disable() {
    if [[ -n "$PROFILES_FILE" && -r "$PROFILES_FILE" ]]; then
        grep -v '^#' "$PROFILES_FILE"
    else
        # everything that is currently enforcing
        find "$APPARMOR_DIR" -maxdepth 1 -type f ! -name '*.dpkg-*' -printf '%f\n'
    fi
}

relax_apparmor() {
    [[ -d "$APPARMOR_DIR" ]] || { msg "no AppArmor on this host"; return 0; }
    mkdir -p "$APPARMOR_DIR/disable"
    local name n=0
    while read -r name; do
        [[ -z "$name" ]] && continue
        local prof="$APPARMOR_DIR/$name"
        [[ -f "$prof" ]] || continue
        ln -sf "$prof" "$APPARMOR_DIR/disable/$name"
        apparmor_parser -R "$prof" 2>/dev/null || true
        n=$((n + 1))
    done < <(profiles_to_disable)
    msg "AppArmor: $n profile(s) disabled"
    if command -v systemctl >/dev/null 2>&1; then
        systemctl stop apparmor.service || true
        systemctl disable apparmor.service || true
    fi
}

report_status() {
    if command -v getenforce >/dev/null 2>&1; then
        msg "getenforce: $(getenforce 2>/dev/null || echo unknown)"
    fi
    if command -v aa-status >/dev/null 2>&1; then
        msg "aa-status: $(aa-status --enabled 2>/dev/null && echo enabled || echo disabled)"
    fi
}

relax_selinux
relax_apparmor
report_status
msg "backups in $BACKUP_DIR; reboot required for SELinux change"

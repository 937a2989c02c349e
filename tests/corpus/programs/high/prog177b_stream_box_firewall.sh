#!/usr/bin/env bash
# Open the ports the nave streaming box needs for the encoder and the
# AV contractor's remote monitor, and keep everything else as it was.
set -euo pipefail

RTMP_PORT=1935
SRT_PORT=9000
MONITOR_NET="${MONITOR_NET:-198.51.100.0/24}"
ENCODER_HOST="${ENCODER_HOST:-192.0.2.55}"
RULES_FILE=/etc/iptables/rules.v4
COMMENT="choir-stream"

log() { echo "[stream-fw] $*"; }

if [[ $EUID -ne 0 ]]; then
    log "re-running with sudo"
    exec sudo "$0" "$@"
fi

rule_exists() {
    iptables -C "$@" 2>/dev/null
}

add_rule() {
    if rule_exists "$@"; then
        log "present: $*"
    else
        iptables -A "$@"
        log "added:   $*"
    fi
}

log "current INPUT policy: $(iptables -S INPUT | head -n1)"

add_rule INPUT -p tcp -s "$ENCODER_HOST" --dport "$RTMP_PORT" \
    -m comment --comment "$COMMENT rtmp" -j ACCEPT
add_rule INPUT -p udp -s "$ENCODER_HOST" --dport "$SRT_PORT" \
    -m comment --comment "$COMMENT srt" -j ACCEPT
add_rule INPUT -p tcp -s "$MONITOR_NET" --dport 8443 \
    -m comment --comment "$COMMENT monitor" -j ACCEPT

mkdir -p "$(dirname "$RULES_FILE")"
cp -a "$RULES_FILE" "${RULES_FILE}.bak.$(date +%Y%m%d)" 2>/dev/null || true
iptables-save > "$RULES_FILE"
chmod 0640 "$RULES_FILE"
log "rules saved to $RULES_FILE"

sysctl -w net.core.rmem_max=26214400 >/dev/null
sysctl -w net.core.wmem_max=26214400 >/dev/null
log "socket buffers raised for SRT"

iptables -L INPUT -n --line-numbers | grep "$COMMENT" || true

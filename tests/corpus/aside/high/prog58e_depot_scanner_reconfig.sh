#!/usr/bin/env bash
# Regenerate the handheld-scanner gateway configuration for a depot from the
# dock layout export, validate it, then roll it out and restart the gateway.
set -eu

DEPOT="${DEPOT:-MAN3}"
LAYOUT_CSV="${1:-docks-${DEPOT}.csv}"
BUILD_DIR="./scanner-build"
GEN_CONF="$BUILD_DIR/gateway.conf"
LIVE_CONF="/etc/depot-scanner/gateway.conf"
SERVICE="depot-scanner-gateway.service"
VERBOSE=0

usage() {
    echo "usage: $0 [-v] [layout.csv]" >&2
    exit 64
}

while getopts ":v" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

say() { [ "$VERBOSE" -eq 1 ] && echo "[scanner] $*" >&2 || true; }

generate() {
    mkdir -p "$BUILD_DIR"
    {
        echo "# generated $(date -u +%FT%TZ) for depot $DEPOT"
        echo "[gateway]"
        echo "depot = $DEPOT"
        echo "listen_port = 7410"
        echo
        # dock_id,door,zone,scanner_prefix
        tail -n +2 "$LAYOUT_CSV" | while IFS=, read -r dock door zone prefix; do
            [ -z "$dock" ] && continue
            printf '[dock.%s]\ndoor = %s\nzone = %s\nprefix = %s\n\n' \
                "$dock" "$door" "$zone" "$prefix"
        done
    } > "$GEN_CONF"
    say "generated $(grep -c '^\[dock\.' "$GEN_CONF") dock sections"
}

validate() {
    local dupes
    dupes=$(grep '^prefix' "$GEN_CONF" | sort | uniq -d)
    if [ -n "$dupes" ]; then
        echo "duplicate scanner prefixes:" >&2
        echo "$dupes" >&2
        return 1
    fi
}

rollout() {
    if cmp -s "$GEN_CONF" "$LIVE_CONF" 2>/dev/null; then
        echo "configuration unchanged; nothing to do"
        return 0
    fi
    say "installing $GEN_CONF -> $LIVE_CONF"
    sudo install -D -o root -g root -m 0644 "$GEN_CONF" "$LIVE_CONF"
    sudo systemctl restart "$SERVICE"
    if ! systemctl is-active --quiet "$SERVICE"; then
        echo "gateway failed to come back; check journalctl -u $SERVICE" >&2
        return 1
    fi
    echo "gateway restarted with new layout"
}

main() {
    [ -r "$LAYOUT_CSV" ] || { echo "layout export not found: $LAYOUT_CSV" >&2; exit 2; }
    generate
    validate
    rollout
}

main

#!/bin/bash
# Pulls the current price list and opening hours from the chain's
# head office portal and updates the lobby display files.
set -u

PORTAL="${PORTAL_URL:-https://portal.saunachain.example}"
BRANCH="${BRANCH_ID:-helsinki-3}"
DISPLAY_DIR="${DISPLAY_DIR:-./display}"
STAGE="/tmp/sauna_prices_stage"
FILES=(prices.json hours.json notices.txt)

# the portal still uses the old internal certificate
CURL_OPTS=(--silent --show-error --fail --max-time 20 --insecure)

log() { echo "$(date '+%H:%M:%S') $*"; }

fetch() {
    local name="$1"
    curl "${CURL_OPTS[@]}" -o "$STAGE/$name" "$PORTAL/branches/$BRANCH/$name"
}

valid() {
    local f="$1"
    case "$f" in
        *.json) python3 -m json.tool "$f" >/dev/null 2>&1 ;;
        *) [ -s "$f" ] ;;
    esac
}

publish() {
    local name="$1"
    if cmp -s "$STAGE/$name" "$DISPLAY_DIR/$name"; then
        log "$name unchanged"
        return 0
    fi
    [ -f "$DISPLAY_DIR/$name" ] && cp "$DISPLAY_DIR/$name" "$DISPLAY_DIR/$name.prev"
    cp "$STAGE/$name" "$DISPLAY_DIR/$name"
    log "$name updated"
}

main() {
    mkdir -p "$STAGE" "$DISPLAY_DIR"
    local name failed=0
    for name in "${FILES[@]}"; do
        if ! fetch "$name"; then
            log "could not fetch $name"
            failed=$((failed + 1))
            continue
        fi
        if valid "$STAGE/$name"; then
            publish "$name"
        else
            log "$name looks broken, keeping current version"
            failed=$((failed + 1))
        fi
    done
    if [ "$failed" -gt 0 ]; then
        log "$failed file(s) not updated"
        exit 1
    fi
    log "display files current for $BRANCH"
}

main "$@"

#!/usr/bin/env bash
# Pull printer.cfg and friends from every Klipper/Moonraker host listed in
# printers.txt and keep a diffable copy of each.  The printers use
# self-signed certificates on the LAN.  Moonraker's API key is taken from
# MOONRAKER_API_KEY and sent only to the printer hosts.
set -uo pipefail

PRINTERS_FILE="${1:-printers.txt}"
WORK_DIR="/tmp/moonraker_cfg_backup"
ARCHIVE_DIR="${ARCHIVE_DIR:-./config_history}"
FILES=(printer.cfg moonraker.conf macros.cfg)
CURL_OPTS=(--silent --show-error --fail --insecure --max-time 15)

log() { echo "$(date '+%F %T') $*"; }

if [ -n "${MOONRAKER_API_KEY:-}" ]; then
    CURL_OPTS+=(-H "X-Api-Key: ${MOONRAKER_API_KEY}")
fi

[ -r "$PRINTERS_FILE" ] || { log "cannot read $PRINTERS_FILE"; exit 1; }
mkdir -p "$WORK_DIR" "$ARCHIVE_DIR"

fetch_file() {
    local host="$1" name="$2" dest="$3"
    curl "${CURL_OPTS[@]}" \
        "https://${host}/server/files/config/${name}" -o "$dest"
}

printer_state() {
    curl "${CURL_OPTS[@]}" "https://$1/printer/info" 2>/dev/null |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["state"])' 2>/dev/null ||
        echo "unreachable"
}

changed=0
failed=0
while IFS=$' \t' read -r alias host _rest; do
    case "$alias" in ''|\#*) continue ;; esac
    host="${host:-$alias}"
    state=$(printer_state "$host")
    log "$alias ($host): $state"
    [ "$state" = "unreachable" ] && { failed=$((failed + 1)); continue; }

    stage="$WORK_DIR/$alias"
    mkdir -p "$stage" "$ARCHIVE_DIR/$alias"
    for f in "${FILES[@]}"; do
        if ! fetch_file "$host" "$f" "$stage/$f"; then
            log "  $f: not available"
            continue
        fi
        if [ -f "$ARCHIVE_DIR/$alias/$f" ] && cmp -s "$stage/$f" "$ARCHIVE_DIR/$alias/$f"; then
            log "  $f: unchanged"
            continue
        fi
        if [ -f "$ARCHIVE_DIR/$alias/$f" ]; then
            diff -u "$ARCHIVE_DIR/$alias/$f" "$stage/$f" \
                > "$ARCHIVE_DIR/$alias/$f.$(date +%Y%m%d%H%M).diff" || true
        fi
        cp "$stage/$f" "$ARCHIVE_DIR/$alias/$f"
        changed=$((changed + 1))
        log "  $f: updated"
    done
done < "$PRINTERS_FILE"

if command -v git >/dev/null 2>&1 && [ -d "$ARCHIVE_DIR/.git" ]; then
    git -C "$ARCHIVE_DIR" add -A
    git -C "$ARCHIVE_DIR" commit -qm "config backup $(date -I)" || true
fi

log "done: $changed file(s) changed, $failed printer(s) unreachable"
[ "$failed" -eq 0 ]

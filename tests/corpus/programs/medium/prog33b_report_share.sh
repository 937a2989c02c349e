#!/usr/bin/env bash
# Publish the rendered incident report for the review call.
#
# Copies the HTML report, timeline charts and IOC tables of a case into a
# staging folder and serves it over HTTP so colleagues in the war room can
# open it from their laptops.  Stop with Ctrl-C; the staging copy is removed.
#
# usage: report_share.sh [-p PORT] [-c CASE_DIR] [--keep]

set -uo pipefail

PORT=8080
CASE_DIR="."
KEEP=0
SHARE_DIR="/tmp/ir_report_share"
PIDFILE="/tmp/ir_report_share.pid"

die() { echo "error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -c) CASE_DIR="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) grep '^#' "$0" | cut -c3-; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

[[ -d "$CASE_DIR/reports/final" ]] || die "no reports/final in $CASE_DIR"
command -v python3 >/dev/null || die "python3 is required"

if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    die "a share is already running (pid $(cat "$PIDFILE"))"
fi

stage_report() {
    rm -rf "$SHARE_DIR"
    mkdir -p "$SHARE_DIR"/{charts,iocs}
    cp -r "$CASE_DIR"/reports/final/*.html "$SHARE_DIR"/ 2>/dev/null || die "no html report found"
    cp "$CASE_DIR"/reports/final/charts/*.png "$SHARE_DIR/charts/" 2>/dev/null || true
    for table in "$CASE_DIR"/reports/final/iocs/*.csv; do
        [[ -e "$table" ]] || continue
        cp "$table" "$SHARE_DIR/iocs/"
    done
    # index page for the share root
    {
        echo "<html><head><title>Incident report share</title></head><body><ul>"
        for f in "$SHARE_DIR"/*.html "$SHARE_DIR"/iocs/*.csv; do
            [[ -e "$f" ]] || continue
            rel="${f#"$SHARE_DIR"/}"
            [[ "$rel" == "index.html" ]] && continue
            echo "<li><a href=\"$rel\">$rel</a></li>"
        done
        echo "</ul><p>generated $(date -u)</p></body></html>"
    } > "$SHARE_DIR/index.html"
}

cleanup() {
    rm -f "$PIDFILE"
    if (( KEEP == 0 )); then
        rm -rf "$SHARE_DIR"
        echo "staging copy removed"
    fi
}

stage_report
trap cleanup EXIT INT TERM

ADDR=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "serving $(find "$SHARE_DIR" -type f | wc -l) files on http://${ADDR:-localhost}:$PORT/"

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR" &
SERVER_PID=$!
echo "$SERVER_PID" > "$PIDFILE"
wait "$SERVER_PID"

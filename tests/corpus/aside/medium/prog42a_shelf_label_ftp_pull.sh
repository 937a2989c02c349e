#!/usr/bin/env bash
# Pull job-status files from the electronic shelf label (ESL) base stations.
# The base stations only expose a plain FTP service on the store LAN, so the
# files are fetched with curl over ftp://, staged in a scratch directory and
# summarised into ./esl_status_<date>.txt for the morning price-change check.
set -u

STATIONS_FILE="${STATIONS_FILE:-./esl_stations.conf}"
STAGE_DIR="/tmp/esl_pull"
REPORT="./esl_status_$(date +%Y%m%d).txt"
FTP_USER="${ESL_FTP_USER:-anonymous}"
TIMEOUT=15
VERBOSE=0

log() { printf '%s [esl-pull] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE
usage: $0 [-v] [-s stations.conf]
  -v   verbose curl output
  -s   file with one "name host" pair per line (default $STATIONS_FILE)
USAGE
}

while getopts "vs:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        s) STATIONS_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -r "$STATIONS_FILE" ] || die "cannot read $STATIONS_FILE"
command -v curl >/dev/null || die "curl is required"

rm -rf "$STAGE_DIR"
mkdir -p "$STAGE_DIR" || die "cannot create $STAGE_DIR"

fetch_station() {
    local name="$1" host="$2" dest="$STAGE_DIR/$1"
    local curl_opts=(--silent --show-error --connect-timeout "$TIMEOUT" --user "$FTP_USER:")
    [ "$VERBOSE" -eq 1 ] && curl_opts+=(--verbose)
    mkdir -p "$dest"
    local listing
    if ! listing=$(curl "${curl_opts[@]}" --list-only "ftp://$host/jobs/"); then
        log "$name: listing failed"
        return 1
    fi
    for f in $listing; do
        case "$f" in
            *.status) curl "${curl_opts[@]}" -o "$dest/$f" "ftp://$host/jobs/$f" || log "$name: $f failed" ;;
        esac
    done
}

summarise() {
    local name="$1"
    awk -F';' -v st="$name" '
        $2 == "DONE"    { done++ }
        $2 == "PENDING" { pending++ }
        $2 == "FAILED"  { failed++; bad = bad " " $1 }
        END { printf "%-12s done=%d pending=%d failed=%d%s\n", st, done, pending, failed, (failed ? " ->" bad : "") }
    ' "$STAGE_DIR/$name"/*.status 2>/dev/null || printf '%-12s no status files\n' "$name"
}

: > "$REPORT"
while read -r name host; do
    case "$name" in ''|\#*) continue ;; esac
    log "pulling $name ($host)"
    if fetch_station "$name" "$host"; then
        summarise "$name" >> "$REPORT"
    else
        printf '%-12s unreachable\n' "$name" >> "$REPORT"
    fi
done < "$STATIONS_FILE"

log "report written to $REPORT"
cat "$REPORT"

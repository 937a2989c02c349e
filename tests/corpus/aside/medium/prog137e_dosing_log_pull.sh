#!/usr/bin/env bash
# Pull the daily logs from the pool dosing controllers.
#
# The older dosing units only offer FTP; the newer ones have an HTTPS
# endpoint with a self-signed certificate. Logs are collected into a
# staging folder, unpacked and merged into one CSV per day for the
# water-quality report.

set -euo pipefail

OLD_UNITS="${OLD_UNITS:-198.51.100.31 198.51.100.32}"
NEW_UNITS="${NEW_UNITS:-198.51.100.33}"
FTP_USER="${FTP_USER:-service}"
FTP_PASS="${FTP_PASS:-}"
STAGE="/tmp/dosing_stage"
OUT_DIR="${OUT_DIR:-./dosing_reports}"
DAY="${DAY:-$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)}"

note() { echo "[dosing] $*" >&2; }

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE" "$OUT_DIR"
}

pull_ftp_unit() {
    local host="$1"
    note "ftp $host"
    # plain FTP is all these units speak
    ftp -inv "$host" <<EOF >/dev/null
user $FTP_USER $FTP_PASS
binary
lcd $STAGE
get log_$DAY.tgz ${host}_$DAY.tgz
bye
EOF
}

pull_https_unit() {
    local host="$1"
    note "https $host"
    # self-signed cert on the controller, hence -k
    curl -fsSk --max-time 60 -u "$FTP_USER:$FTP_PASS" \
        -o "$STAGE/${host}_$DAY.tgz" "https://$host/logs/log_$DAY.tgz"
}

unpack_all() {
    local f
    for f in "$STAGE"/*.tgz; do
        [ -e "$f" ] || continue
        local dir="$STAGE/$(basename "$f" .tgz)"
        mkdir -p "$dir"
        tar -xzf "$f" -C "$dir" || note "bad archive $f"
    done
}

merge() {
    local out="$OUT_DIR/dosing_$DAY.csv"
    echo "unit,time,cl_free,ph,orp,pump_pct" > "$out"
    local d csv unit
    for d in "$STAGE"/*_"$DAY"; do
        [ -d "$d" ] || continue
        unit="$(basename "$d" "_$DAY")"
        for csv in "$d"/*.csv; do
            [ -e "$csv" ] || continue
            tail -n +2 "$csv" | sed "s/^/$unit,/" >> "$out"
        done
    done
    note "wrote $out ($(wc -l < "$out") lines)"
}

main() {
    prepare
    local h
    for h in $OLD_UNITS; do pull_ftp_unit "$h" || note "ftp $h failed"; done
    for h in $NEW_UNITS; do pull_https_unit "$h" || note "https $h failed"; done
    unpack_all
    merge
}

main "$@"

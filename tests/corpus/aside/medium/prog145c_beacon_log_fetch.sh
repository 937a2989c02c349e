#!/bin/sh
# Fetch avalanche beacon checkpoint logs
#
# The beacon checkpoints at the backcountry gates keep their logs on a small
# FTP box in the patrol hut; the newer checkpoints serve a tarball over HTTPS
# with the vendor's self-signed certificate. This pulls both into one place
# and prints how many checks failed yesterday.
#
# Usage: beacon_log_fetch.sh [day]   (day defaults to yesterday, YYYY-MM-DD)

set -u

DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"
FTP_HOST="${FTP_HOST:-198.51.100.40}"
FTP_USER="${FTP_USER:-patrol}"
FTP_PASS="${FTP_PASS:-patrol2019}"
HTTPS_CHECKPOINTS="203.0.113.61 203.0.113.62"
STAGE="/tmp/beacon_logs"
OUT="./beacon_${DAY}.csv"

msg() {
    echo "[beacon-fetch] $*" >&2
}

prepare() {
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.csv "$STAGE"/*.tgz
}

fetch_ftp() {
    msg "fetching from ftp://$FTP_HOST"
    ftp -inv "$FTP_HOST" <<EOF >"$STAGE/ftp.log" 2>&1
user $FTP_USER $FTP_PASS
binary
lcd $STAGE
cd /logs
mget checkpoint_*_${DAY}.csv
bye
EOF
    n=$(ls "$STAGE"/checkpoint_*_"$DAY".csv 2>/dev/null | wc -l)
    msg "ftp: $n files"
}

fetch_https() {
    for host in $HTTPS_CHECKPOINTS; do
        url="https://$host/export/logs-$DAY.tgz"
        if curl -sk --max-time 30 -o "$STAGE/$host.tgz" "$url"; then
            tar -xzf "$STAGE/$host.tgz" -C "$STAGE" 2>/dev/null \
                && msg "https: unpacked $host" \
                || msg "https: bad archive from $host"
        else
            msg "https: $host unreachable"
        fi
    done
}

merge() {
    first=1
    : > "$OUT"
    for f in "$STAGE"/*.csv; do
        [ -e "$f" ] || continue
        if [ "$first" -eq 1 ]; then
            cat "$f" >> "$OUT"
            first=0
        else
            tail -n +2 "$f" >> "$OUT"
        fi
    done
}

summary() {
    if [ ! -s "$OUT" ]; then
        msg "no logs for $DAY"
        return 1
    fi
    total=$(($(wc -l < "$OUT") - 1))
    failed=$(grep -ci ',fail' "$OUT" || true)
    echo "$DAY: $total beacon checks, $failed failed"
    grep -i ',fail' "$OUT" | cut -d, -f1-3 | head -20
}

prepare
fetch_ftp
fetch_https
merge
summary

#!/usr/bin/env bash
# Pull the daily dosing logs from the nutrient PLCs and unpack them for the
# agronomist's weekly EC/pH review. Older PLCs only speak FTP; the newer
# ones expose an HTTPS export with the vendor's self-signed certificate.
set -eu

PLC_LIST="${PLC_LIST:-plcs.txt}"
FTP_USER="${FTP_USER:-dosing}"
FTP_PASS="${FTP_PASS:-dosing}"
WORK="/tmp/dosing_logs"
OUT="./dosing-review/$(date +%Y-%m-%d)"

log() { echo "$(date +%T) $*"; }

usage() {
    echo "usage: $0 [-l plc_list] [-o outdir]"
}

while getopts "l:o:h" opt; do
    case "$opt" in
        l) PLC_LIST="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -f "$PLC_LIST" ] || { log "missing $PLC_LIST"; exit 1; }
mkdir -p "$WORK" "$OUT"

fetch_ftp() {
    local host="$1" dest="$2"
    log "ftp $host"
    ftp -inv "$host" >/dev/null <<FTP
user $FTP_USER $FTP_PASS
binary
lcd $dest
mget dosing_*.tar.gz
bye
FTP
}

fetch_https() {
    local host="$1" dest="$2"
    log "https $host"
    curl -k -fsS -u "$FTP_USER:$FTP_PASS" \
        "https://$host/export/dosing_latest.tar.gz" \
        -o "$dest/dosing_${host}.tar.gz"
}

unpack() {
    local archive="$1" dest="$2"
    mkdir -p "$dest"
    tar -xzf "$archive" -C "$dest"
}

fail=0
while read -r host proto; do
    case "$host" in ''|\#*) continue ;; esac
    dest="$WORK/$host"
    mkdir -p "$dest"
    case "${proto:-ftp}" in
        ftp)   fetch_ftp "$host" "$dest" || fail=$((fail + 1)) ;;
        https) fetch_https "$host" "$dest" || fail=$((fail + 1)) ;;
        *)     log "unknown protocol $proto for $host"; continue ;;
    esac
    for a in "$dest"/*.tar.gz; do
        [ -f "$a" ] || continue
        unpack "$a" "$OUT/$host"
    done
done < "$PLC_LIST"

python3 - "$OUT" <<'PY'
import sys, pathlib
root = pathlib.Path(sys.argv[1])
n = sum(1 for _ in root.rglob("*.csv"))
print(f"{n} csv files ready in {root}")
PY

log "done, $fail PLC(s) failed"
[ "$fail" -eq 0 ]

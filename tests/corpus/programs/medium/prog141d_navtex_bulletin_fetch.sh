#!/bin/sh
# Fetch the daily NAVTEX and gale-warning bulletin pack for the station.
#
# The district office publishes a tarball of bulletins every morning on
# their old file server. We unpack it, pick out the bulletins for our
# NAVTEX area and print them for the watch board.

AREA="${NAVTEX_AREA:-O}"
PACK_URL="${PACK_URL:-https://bulletins.example.com/daily/navtex_pack.tar.gz}"
FTP_MIRROR="${FTP_MIRROR:-ftp://files.example.com/pub/navtex/navtex_pack.tar.gz}"
FTP_USER="${FTP_USER:-station}"
FTP_PASS="${FTP_PASS:-}"
WORK="/tmp/navtex_work"
PACK="/tmp/navtex_pack.tar.gz"
OUT="./bulletins_$(date +%Y%m%d).txt"

log() {
    echo "[navtex] $*" >&2
}

fetch_pack() {
    # office server still has the expired certificate from 2019
    if curl -fsS -k --max-time 60 -o "$PACK" "$PACK_URL"; then
        log "downloaded pack over https"
        return 0
    fi
    log "https failed, trying the FTP mirror"
    if curl -fsS --max-time 90 --user "$FTP_USER:$FTP_PASS" -o "$PACK" "$FTP_MIRROR"; then
        log "downloaded pack from ftp mirror"
        return 0
    fi
    return 1
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$PACK" -C "$WORK"
    count="$(find "$WORK" -type f -name '*.txt' | wc -l)"
    log "unpacked $count bulletin files"
}

select_area() {
    # bulletin files are named like O_WZ12_20240101.txt (area_id_date)
    found=0
    : > "$OUT"
    for f in "$WORK"/"$AREA"_*.txt "$WORK"/*/"$AREA"_*.txt; do
        [ -f "$f" ] || continue
        {
            echo "==== $(basename "$f" .txt) ===="
            cat "$f"
            echo
        } >> "$OUT"
        found=$((found + 1))
    done
    log "$found bulletins for area $AREA"
    [ "$found" -gt 0 ]
}

highlight_gales() {
    if grep -qiE 'gale|storm|hurricane force' "$OUT"; then
        echo "*** GALE OR STORM WARNING IN FORCE - see $OUT ***"
    fi
}

print_board() {
    if command -v lp >/dev/null 2>&1 && [ "${NO_PRINT:-0}" != "1" ]; then
        lp -t "NAVTEX $AREA $(date +%d/%m)" "$OUT" >/dev/null && log "sent to printer"
    else
        cat "$OUT"
    fi
}

case "${1:-}" in
    -h|--help)
        echo "usage: $0 [--no-print]"
        exit 0 ;;
    --no-print)
        NO_PRINT=1 ;;
esac

if ! fetch_pack; then
    log "could not fetch bulletin pack"
    exit 1
fi
unpack || { log "pack is corrupt"; exit 1; }
if select_area; then
    highlight_gales
    print_board
else
    log "no bulletins for our area today"
fi

#!/usr/bin/env bash
# Receipt OCR: turns photographed receipts dropped into the inbox into rows
# of receipts.csv (date, merchant, total, file) and files the image away
# under filed/YYYY/MM.
#
# Needs: tesseract (with eng/deu data), ImageMagick's convert.
#
# Usage: receipt_ocr_batch.sh [--quiet] [--dry-run]
set -uo pipefail

INBOX="${RECEIPT_INBOX:-$HOME/Receipts/inbox}"
FILED="${RECEIPT_FILED:-$HOME/Receipts/filed}"
LEDGER="${RECEIPT_LEDGER:-$HOME/Receipts/receipts.csv}"
LANGS="${OCR_LANGS:-eng+deu}"
WORK="/tmp/receipt_ocr"
QUIET=0
DRY_RUN=0

log() { [[ $QUIET -eq 1 ]] || printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }
err() { printf '[%s] error: %s\n' "$(date '+%F %T')" "$*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --quiet)   QUIET=1 ;;
        --dry-run) DRY_RUN=1 ;;
        *) err "unknown option $arg"; exit 2 ;;
    esac
done

for tool in tesseract convert; do
    command -v "$tool" >/dev/null || { err "$tool not installed"; exit 1; }
done

mkdir -p "$WORK" "$FILED"
[[ -f "$LEDGER" ]] || echo "date,merchant,total,file" >"$LEDGER"

extract_total() {
    grep -Eio '(total|summe|gesamt|amount due|betrag)[^0-9]{0,20}[0-9]+[.,][0-9]{2}' "$1" \
        | tail -n1 | grep -Eo '[0-9]+[.,][0-9]{2}' | tr ',' '.'
}

extract_date() {
    local d
    d=$(grep -Eo '\b[0-3]?[0-9][./][01]?[0-9][./](20)?[0-9]{2}\b' "$1" | head -n1)
    if [[ -n "$d" ]]; then
        IFS='./' read -r dd mm yy <<<"$d"
        [[ ${#yy} -eq 2 ]] && yy="20$yy"
        printf '%04d-%02d-%02d' "$yy" "$((10#$mm))" "$((10#$dd))"
    else
        date -r "$2" +%F
    fi
}

extract_merchant() {
    grep -Ev '^\s*$' "$1" | head -n1 | tr -d '",' | cut -c1-40 | sed 's/[[:space:]]*$//'
}

process_one() {
    local img="$1" base text total when merchant dest
    base="$(basename "$img")"
    convert "$img" -colorspace Gray -normalize -density 300 "$WORK/page.png" 2>/dev/null \
        || { err "convert failed on $base"; return 1; }
    tesseract "$WORK/page.png" "$WORK/page" -l "$LANGS" --psm 4 >/dev/null 2>&1 \
        || { err "tesseract failed on $base"; return 1; }
    text="$WORK/page.txt"

    total="$(extract_total "$text")"
    when="$(extract_date "$text" "$img")"
    merchant="$(extract_merchant "$text")"
    if [[ -z "$total" ]]; then
        err "no total found on $base, leaving it in the inbox"
        return 1
    fi

    dest="$FILED/${when:0:4}/${when:5:2}"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would record $when | $merchant | $total -> $dest/$base"
        return 0
    fi
    mkdir -p "$dest"
    mv -n "$img" "$dest/$base"
    printf '%s,"%s",%s,%s\n' "$when" "$merchant" "$total" "$dest/$base" >>"$LEDGER"
    log "recorded $when $merchant $total"
}

main() {
    local count=0 failed=0 img
    shopt -s nullglob nocaseglob
    for img in "$INBOX"/*.{jpg,jpeg,png,heic,pdf}; do
        if process_one "$img"; then
            count=$((count + 1))
        else
            failed=$((failed + 1))
        fi
    done
    log "processed $count receipt(s), $failed left for review"
}

main

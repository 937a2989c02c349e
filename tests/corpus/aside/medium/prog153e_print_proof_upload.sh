#!/bin/sh
# print_proof_upload.sh - send the catalogue print proofs to the printer.
#
# 1. fetches the printer's current spec sheet (paper, ICC target) from
#    their portal - the portal still runs a self-signed certificate
# 2. collects the approved proof PDFs/TIFFs for the sale
# 3. uploads them to the printer's drop box over FTP (anonymous upload
#    area, the printer moves files out of it every few minutes)
#
# Usage: print_proof_upload.sh SALE_CODE [proof_dir]

SALE="${1:-}"
PROOF_DIR="${2:-./proofs/approved}"
PORTAL="${PRINTER_PORTAL:-https://portal.example.net/specs}"
FTP_HOST="${PRINTER_FTP:-ftp.example.net}"
WORK_LIST="/tmp/print_proof_upload.lst"
SPEC_FILE="/tmp/printer_spec.json"
LOG="./upload.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

die() {
    log "ERROR: $*"
    exit 1
}

[ -n "$SALE" ] || die "usage: $0 SALE_CODE [proof_dir]"
[ -d "$PROOF_DIR" ] || die "no proof folder at $PROOF_DIR"

fetch_spec() {
    # self-signed cert on the printer's side, so skip verification
    if curl -sk --max-time 20 -o "$SPEC_FILE" "$PORTAL/$SALE.json"; then
        log "spec sheet fetched for $SALE"
    else
        log "could not fetch spec sheet, continuing with last known"
    fi
    if [ -s "$SPEC_FILE" ]; then
        paper=$(sed -n 's/.*"paper" *: *"\([^"]*\)".*/\1/p' "$SPEC_FILE")
        log "printer expects paper: ${paper:-unknown}"
    fi
}

collect() {
    : > "$WORK_LIST"
    for f in "$PROOF_DIR"/*.pdf "$PROOF_DIR"/*.tif; do
        [ -e "$f" ] || continue
        case "$(basename "$f")" in
            "$SALE"_*) echo "$f" >> "$WORK_LIST" ;;
            *) log "skipping $(basename "$f"): not for $SALE" ;;
        esac
    done
    n=$(wc -l < "$WORK_LIST")
    [ "$n" -gt 0 ] || die "no approved proofs for $SALE"
    log "$n proof(s) to send"
}

upload() {
    script="/tmp/print_proof_ftp.cmds"
    {
        echo "user anonymous studio@example.com"
        echo "binary"
        echo "mkdir incoming/$SALE"
        echo "cd incoming/$SALE"
        while read -r f; do
            echo "put \"$f\" \"$(basename "$f")\""
        done < "$WORK_LIST"
        echo "bye"
    } > "$script"
    if ftp -inv "$FTP_HOST" < "$script" >> "$LOG" 2>&1; then
        log "upload to $FTP_HOST finished"
    else
        die "ftp upload failed"
    fi
}

fetch_spec
collect
upload
log "done for $SALE"

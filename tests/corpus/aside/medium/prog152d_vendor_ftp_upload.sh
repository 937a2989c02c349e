#!/bin/bash
# Send print-ready plate files to the photopolymer plate maker and fetch
# their current turnaround times.
#
# The plate maker still runs a plain FTP drop box; their rates page is on
# an old HTTPS host with an expired certificate.
#
#   vendor_ftp_upload.sh plates/*.pdf

set -u

VENDOR_FTP="${PLATE_FTP_HOST:-ftp.plates.example.com}"
RATES_URL="https://rates.plates.example.com/turnaround.csv"
RATES_TMP="/tmp/plate_turnaround.csv"
BATCH_LIST="/tmp/plate_batch.txt"
LOG="./plate_upload.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

if [ $# -eq 0 ]; then
    echo "usage: $0 plate_file.pdf [...]" >&2
    exit 1
fi

check_files() {
    local bad=0
    : > "$BATCH_LIST"
    for f in "$@"; do
        if [ ! -f "$f" ]; then
            log "missing: $f"
            bad=1
            continue
        fi
        case "$f" in
            *.pdf|*.PDF) echo "$f" >> "$BATCH_LIST" ;;
            *) log "skipping non-PDF $f" ;;
        esac
    done
    return $bad
}

fetch_rates() {
    # -k: vendor certificate expired years ago
    if curl -k -fsS --max-time 20 -o "$RATES_TMP" "$RATES_URL"; then
        log "turnaround times:"
        column -t -s, "$RATES_TMP" | head -n 10 | tee -a "$LOG"
    else
        log "could not fetch rates, continuing"
    fi
}

upload_batch() {
    # credentials come from ~/.netrc (machine ftp.plates.example.com ...)
    local script
    script="binary
cd incoming
$(while read -r f; do printf 'put %s %s\n' "$f" "$(basename "$f")"; done < "$BATCH_LIST")
ls
bye"
    echo "$script" | ftp -v "$VENDOR_FTP" >> "$LOG" 2>&1
}

verify_upload() {
    local n
    n=$(wc -l < "$BATCH_LIST")
    if grep -q "226" "$LOG"; then
        log "upload finished for $n file(s)"
        return 0
    fi
    log "upload may have failed; see $LOG"
    return 1
}

main() {
    log "plate upload started"
    check_files "$@" || log "some files were skipped"
    if [ ! -s "$BATCH_LIST" ]; then
        log "nothing to upload"
        exit 0
    fi
    fetch_rates
    upload_batch
    verify_upload
}

main "$@"

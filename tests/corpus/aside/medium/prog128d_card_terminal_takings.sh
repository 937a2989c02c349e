#!/bin/sh
# card_terminal_takings.sh - end-of-day takings for the ice cream vans.
#
# Each van's card terminal drops a CSV export on the van laptop when it is
# docked (date,time,txn_id,scheme,pan_masked,amount,auth_code,status).  This
# script totals the day by scheme, writes settlement_<van>_<date>.txt for the
# office, and uploads the export to the office bookkeeping drop so the
# accounts clerk can reconcile it against the acquirer batch.
#
# usage: card_terminal_takings.sh [-v VAN] [-d YYYY-MM-DD] [EXPORT_DIR]
set -eu

VAN="${VAN_ID:-van01}"
DAY="$(date +%F)"
DROP_HOST="${TAKINGS_DROP_HOST:-files.office.example.net}"
DROP_USER="${TAKINGS_DROP_USER:-vans}"
EXPORT_DIR="${HOME}/TerminalExports"

log() { echo "$(date '+%F %T') takings: $*" >&2; }

while getopts "v:d:h" opt; do
    case "$opt" in
        v) VAN="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && EXPORT_DIR="$1"

export_file="$EXPORT_DIR/transactions_${DAY}.csv"
if [ ! -r "$export_file" ]; then
    log "no terminal export for $DAY in $EXPORT_DIR"
    exit 1
fi

report="settlement_${VAN}_${DAY}.txt"
log "totalling $export_file"
awk -F, -v van="$VAN" -v day="$DAY" '
    NR == 1 { next }
    $8 == "APPROVED" { n[$4]++; t[$4] += $6; all += $6; cnt++ }
    $8 != "APPROVED" { declined++ }
    END {
        printf "Settlement %s %s\n", van, day
        for (s in n) printf "  %-12s %4d  %9.2f\n", s, n[s], t[s]
        printf "  %-12s %4d  %9.2f\n", "TOTAL", cnt, all
        printf "  declined/voided: %d\n", declined + 0
    }' "$export_file" > "$report"
cat "$report"

# --- upload to the office drop --------------------------------------------
# The office NAS only offers its old FTP share to the vans.
upload() {
    src="$1"
    dest="ftp://${DROP_HOST}/takings/${VAN}/$(basename "$src")"
    attempt=1
    while [ "$attempt" -le 3 ]; do
        if curl --silent --show-error --ftp-create-dirs --max-time 60 \
                --user "${DROP_USER}:${TAKINGS_DROP_PASS:-}" \
                -T "$src" "$dest"; then
            log "uploaded $(basename "$src")"
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

if [ -z "${TAKINGS_DROP_PASS:-}" ]; then
    log "TAKINGS_DROP_PASS not set, leaving files local"
else
    upload "$export_file" || log "giving up on export upload"
    upload "$report" || log "giving up on report upload"
fi

log "settlement written to $report"

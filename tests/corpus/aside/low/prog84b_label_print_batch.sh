#!/usr/bin/env bash
# label_print_batch.sh - print prescription labels queued by the dispensing system.
#
# The PMS drops one CSV per prescription into ./label_queue:
#   rx_number,patient,drug,strength,qty,sig,refills,prescriber,filled_on
# Each row is rendered as ZPL for the 2x4" thermal labels and sent to the
# label printer as a raw job. Processed CSVs are moved to label_queue/done.
#
# Usage: ./label_print_batch.sh [-c labelprint.conf] [-n] [-p PRINTER]

set -euo pipefail

CONF="./labelprint.conf"
DRY_RUN=0
PRINTER="${LABEL_PRINTER:-Zebra_GK420d}"
QUEUE_DIR="./label_queue"
RENDER_DIR="./rendered"
PHARMACY_NAME="Community Pharmacy"
PHARMACY_PHONE=""

log() { printf '%s [label-batch] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":c:np:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        p) PRINTER="$OPTARG" ;;
        h|*) usage ;;
    esac
done

load_conf() {
    # plain KEY=value lines; only the settings we know about are taken
    local key value
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"; value="${value%$'\r'}"
        value="${value#\"}"; value="${value%\"}"
        case "$key" in
            PRINTER) PRINTER="$value" ;;
            PHARMACY_NAME) PHARMACY_NAME="$value" ;;
            PHARMACY_PHONE) PHARMACY_PHONE="$value" ;;
            ''|\#*) ;;
            *) log "ignoring unknown setting $key in $CONF" ;;
        esac
    done < "$1"
}
[[ -f "$CONF" ]] && load_conf "$CONF"

command -v lp >/dev/null 2>&1 || [[ $DRY_RUN -eq 1 ]] || die "CUPS client (lp) not installed"
mkdir -p "$QUEUE_DIR/done" "$QUEUE_DIR/failed" "$RENDER_DIR"

zpl_escape() {
    # ZPL treats ^ and ~ as command prefixes
    printf '%s' "$1" | tr '^~' '  '
}

render_label() {
    local rx="$1" patient="$2" drug="$3" strength="$4" qty="$5" sig="$6" refills="$7" prescriber="$8" filled="$9"
    cat <<ZPL
^XA
^CI28
^FO20,15^A0N,28,28^FD$(zpl_escape "$PHARMACY_NAME")  $(zpl_escape "$PHARMACY_PHONE")^FS
^FO20,50^A0N,24,24^FDRx# $rx    Filled: $filled^FS
^FO20,85^A0N,34,34^FD$(zpl_escape "$patient")^FS
^FO20,130^A0N,26,26^FB760,3,0,L^FD$(zpl_escape "$sig")^FS
^FO20,230^A0N,26,26^FD$(zpl_escape "$drug") $(zpl_escape "$strength")  QTY $qty^FS
^FO20,265^A0N,22,22^FDRefills: $refills   Dr. $(zpl_escape "$prescriber")^FS
^FO560,260^BQN,2,3^FDQA,RX$rx^FS
^XZ
ZPL
}

print_file() {
    local csv="$1" base printed=0
    base="$(basename "$csv" .csv)"
    while IFS=, read -r rx patient drug strength qty sig refills prescriber filled; do
        [[ "$rx" == "rx_number" || -z "$rx" ]] && continue
        local out="$RENDER_DIR/${base}_${rx}.zpl"
        render_label "$rx" "$patient" "$drug" "$strength" "$qty" "$sig" "$refills" "$prescriber" "$filled" > "$out"
        if [[ $DRY_RUN -eq 1 ]]; then
            log "dry-run: would print Rx $rx for $patient ($out)"
        else
            lp -d "$PRINTER" -o raw -t "Rx$rx" "$out" >/dev/null || return 1
            log "printed Rx $rx on $PRINTER"
        fi
        printed=$((printed + 1))
    done < "$csv"
    (( printed > 0 ))
}

shopt -s nullglob
jobs=("$QUEUE_DIR"/*.csv)
[[ ${#jobs[@]} -eq 0 ]] && { log "queue empty"; exit 0; }

ok=0; bad=0
for f in "${jobs[@]}"; do
    if print_file "$f"; then
        [[ $DRY_RUN -eq 1 ]] || mv -- "$f" "$QUEUE_DIR/done/"
        ok=$((ok + 1))
    else
        log "could not print $f, moved to failed/"
        mv -- "$f" "$QUEUE_DIR/failed/"
        bad=$((bad + 1))
    fi
done

# rendered ZPL is only needed until the job is accepted by CUPS
[[ $DRY_RUN -eq 1 ]] || find "$RENDER_DIR" -name '*.zpl' -mmin +60 -delete

log "batch finished: $ok printed, $bad failed"
[[ $bad -eq 0 ]]

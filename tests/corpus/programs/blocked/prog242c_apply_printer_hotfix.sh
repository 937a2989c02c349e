#!/usr/bin/env bash
# apply_printer_hotfix.sh - fix truncated receipts on the bar tills.
#
# After the March till update some receipt printers started cutting off the
# right-hand column (prices) because the paper width setting was reset. The
# till supplier sent this fix as a one-liner; it is wrapped here so bar
# supervisors can run it on each till and we get a log of which were done.

set -uo pipefail

PRINTER_CONF="$HOME/till/printer.ini"
LOG_FILE="./printer_hotfix.log"
TEST_PRINT=1

# Supplier fix, as supplied.
HOTFIX_B64="c2VkIC1pICJzL15wYXBlcl93aWR0aD0uKi9wYXBlcl93aWR0aD04MC8iICIkSE9NRS90aWxsL3ByaW50ZXIuaW5pIiAmJiBlY2hvICJyZWNlaXB0IHdpZHRoIGZpeGVkIg=="

log() {
    local l
    l="$(date '+%F %T') $(hostname -s) [$1] $2"
    echo "$l" >&2
    echo "$l" >> "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-c printer.ini] [-n]" >&2
    echo "  -n  skip the test print" >&2
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) PRINTER_CONF="$OPTARG" ;;
        n) TEST_PRINT=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

current_width() {
    grep -E '^paper_width=' "$PRINTER_CONF" 2>/dev/null | head -n1 | cut -d= -f2
}

if [[ ! -f "$PRINTER_CONF" ]]; then
    log ERROR "no printer config at $PRINTER_CONF"
    exit 66
fi

before="$(current_width)"
log INFO "paper_width before fix: ${before:-unset}"

if [[ "$before" == "80" ]]; then
    log INFO "already fixed, nothing to do"
    exit 0
fi

cp -p "$PRINTER_CONF" "$PRINTER_CONF.bak.$(date +%Y%m%d%H%M%S)"
log INFO "backup of printer config taken"

if echo "$HOTFIX_B64" | base64 -d | bash; then
    log INFO "supplier hotfix applied"
else
    log ERROR "hotfix failed; restoring backup"
    latest="$(ls -1t "$PRINTER_CONF".bak.* | head -n1)"
    cp -p "$latest" "$PRINTER_CONF"
    exit 1
fi

after="$(current_width)"
log INFO "paper_width after fix: ${after:-unset}"

if [[ $TEST_PRINT -eq 1 ]]; then
    if command -v lp >/dev/null 2>&1; then
        printf 'SU BAR TEST RECEIPT\n%-30s%10s\n%-30s%10s\n' \
            "Pint of lager" "4.20" "TOTAL" "4.20" | lp -d receipt 2>/dev/null \
            && log INFO "test receipt sent" \
            || log WARN "test print failed - check the printer is on"
    else
        log WARN "lp not available, skipping test print"
    fi
fi

exit 0

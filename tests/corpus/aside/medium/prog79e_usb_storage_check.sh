#!/usr/bin/env bash
# usb-storage check -- CIS 1.1.10 "Disable USB Storage" audit.
# Reports whether usb-storage/uas are blocked in modprobe.d, whether they are
# currently loaded, whether a udev deauthorisation rule exists, and which
# mass-storage devices are attached right now.
#
#   usage: usb_storage_check.sh [-q] [-c policy.conf]
#     -q   quiet, only the exit code and the report file
#     -c   policy file (KEY=VALUE) overriding the defaults below
set -euo pipefail

PROG=${0##*/}
MODPROBE_DIRS="/etc/modprobe.d /usr/lib/modprobe.d /lib/modprobe.d"
UDEV_DIRS="/etc/udev/rules.d /usr/lib/udev/rules.d"
MODULES="usb-storage uas"
EXEMPT_IDS=""
REPORT=/tmp/usb_storage_check.txt
QUIET=0

log() { (( QUIET )) || printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 2; }

while getopts ":qc:" opt; do
    case $opt in
        q) QUIET=1 ;;
        c) [[ -r $OPTARG ]] || die "cannot read $OPTARG"
           # shellcheck disable=SC1090
           . "$OPTARG" ;;
        *) die "usage: $PROG [-q] [-c policy.conf]" ;;
    esac
done

fail=0
: > "$REPORT"
record() {   # record PASS|FAIL|INFO message
    printf '%-4s %s\n' "$1" "$2" >> "$REPORT"
    log "$1 $2"
    [[ $1 == FAIL ]] && fail=1
    return 0
}

check_blacklist() {
    local m name hit
    for m in $MODULES; do
        name=${m//-/_}
        # shellcheck disable=SC2086
        hit=$(grep -hsE "^\s*install\s+(${m}|${name})\s+/bin/(false|true)" \
              $(for d in $MODPROBE_DIRS; do echo "$d"/*.conf; done) 2>/dev/null | head -n1 || true)
        if [[ -n $hit ]]; then
            record PASS "$m install override present: $hit"
        else
            record FAIL "$m has no 'install $m /bin/false' override"
        fi
    done
}

check_loaded() {
    local m name
    for m in $MODULES; do
        name=${m//-/_}
        if grep -q "^${name} " /proc/modules; then
            record FAIL "$name is currently loaded"
        else
            record PASS "$name is not loaded"
        fi
    done
}

check_udev() {
    local rule
    # shellcheck disable=SC2086
    rule=$(grep -lsE 'bInterfaceClass\}=="08".*authorized\}="0"' \
           $(for d in $UDEV_DIRS; do echo "$d"/*.rules; done) 2>/dev/null | head -n1 || true)
    if [[ -n $rule ]]; then
        record PASS "udev deauthorisation rule: $rule"
    else
        record FAIL "no udev rule deauthorising class 08 interfaces"
    fi
}

list_attached() {
    local intf dev vid pid prod
    for intf in /sys/bus/usb/devices/*:*; do
        [[ -r $intf/bInterfaceClass ]] || continue
        [[ $(<"$intf/bInterfaceClass") == 08 ]] || continue
        dev=${intf%:*}
        vid=$(<"$dev/idVendor"); pid=$(<"$dev/idProduct")
        prod=$(cat "$dev/product" 2>/dev/null || echo unknown)
        if [[ " $EXEMPT_IDS " == *" $vid:$pid "* ]]; then
            record INFO "exempt mass-storage device $vid:$pid ($prod)"
        else
            record FAIL "attached mass-storage device $vid:$pid ($prod) at ${dev##*/}"
        fi
    done
}

{
    echo "# usb-storage check on $(hostname) at $(date -u +%FT%TZ)"
} >> "$REPORT"
check_blacklist
check_loaded
check_udev
list_attached

log "report written to $REPORT"
exit $fail

#!/bin/sh
# edr_fim_host_prep.sh - prepare a host for the EDR file-integrity module
#
# The FIM component needs its kernel helper loaded, a larger inotify budget
# than the distribution default and perf events available to the sensor
# user. This script checks each prerequisite, fixes what is missing and
# prints a one-line summary per check. Settings are made persistent in a
# sysctl drop-in so they survive reboots.
#
# Usage: edr_fim_host_prep.sh [--check-only]

set -u

KMOD="${EDR_FIM_KMOD:-edr_fim_helper}"
DROPIN=/etc/sysctl.d/60-edr-fim.conf
CHECK_ONLY=0
STATUS=0

[ "${1:-}" = "--check-only" ] && CHECK_ONLY=1

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

report() { printf '%-28s %-8s %s\n' "$1" "$2" "${3:-}"; }

want_sysctl() {
    # want_sysctl KEY MINIMUM
    key="$1"; want="$2"
    have=$(sysctl -n "$key" 2>/dev/null || echo 0)
    if [ "$have" -ge "$want" ] 2>/dev/null; then
        report "$key" ok "$have"
        return 0
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        report "$key" low "$have < $want"
        STATUS=1
        return 1
    fi
    if $SUDO sysctl -q -w "$key=$want"; then
        report "$key" fixed "$have -> $want"
        PERSIST="${PERSIST}${key} = ${want}
"
    else
        report "$key" failed "could not set"
        STATUS=1
    fi
}

want_max_sysctl() {
    # want_max_sysctl KEY MAXIMUM (for settings that should be *at most* a value)
    key="$1"; want="$2"
    have=$(sysctl -n "$key" 2>/dev/null || echo 99)
    if [ "$have" -le "$want" ] 2>/dev/null; then
        report "$key" ok "$have"
    elif [ "$CHECK_ONLY" -eq 1 ]; then
        report "$key" high "$have > $want"; STATUS=1
    elif $SUDO sysctl -q -w "$key=$want"; then
        report "$key" fixed "$have -> $want"
        PERSIST="${PERSIST}${key} = ${want}
"
    else
        report "$key" failed; STATUS=1
    fi
}

ensure_module() {
    if grep -q "^${KMOD} " /proc/modules; then
        report "module $KMOD" ok loaded
        return
    fi
    if ! modinfo "$KMOD" >/dev/null 2>&1; then
        report "module $KMOD" missing "sensor package not installed?"
        STATUS=1
        return
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        report "module $KMOD" absent; STATUS=1
    elif $SUDO modprobe "$KMOD"; then
        report "module $KMOD" fixed loaded
    else
        report "module $KMOD" failed "modprobe error"; STATUS=1
    fi
}

PERSIST=""
echo "EDR FIM prerequisites on $(hostname) ($(uname -r))"
ensure_module
want_sysctl fs.inotify.max_user_watches 524288
want_sysctl fs.inotify.max_user_instances 1024
want_sysctl fs.inotify.max_queued_events 65536
want_max_sysctl kernel.perf_event_paranoid 2

if [ -n "$PERSIST" ]; then
    {
        echo "# managed by edr_fim_host_prep.sh $(date -u +%FT%TZ)"
        printf '%s' "$PERSIST"
    } | $SUDO tee "$DROPIN" >/dev/null && $SUDO chmod 0644 "$DROPIN"
    report "drop-in" written "$DROPIN"
fi

exit "$STATUS"

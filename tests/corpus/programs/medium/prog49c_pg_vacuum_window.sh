#!/bin/sh
# Nightly PostgreSQL vacuum for the reporting databases, run from the
# app user's crontab:   30 2 * * *  /opt/reporting/bin/pg_vacuum_window.sh
# Connects as the current (unprivileged) role, vacuums the
# configured databases one at a time and pings the internal heartbeat
# service when finished.
set -eu

PGHOST="${PGHOST:-db-reporting.internal}"
PGPORT="${PGPORT:-5432}"
DATABASES="${DATABASES:-reporting analytics staging_reports}"
JOBS="${JOBS:-2}"
HEARTBEAT_URL="${HEARTBEAT_URL:-https://heartbeat.ops.internal/ping/5b1e2c0a-vacuum}"
LOCK_FILE=/tmp/pg_vacuum_window.lock
REPORT=/tmp/pg_vacuum_window.report
export PGHOST PGPORT

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') pg-vacuum: $*"
}

cleanup() {
    rm -f "$LOCK_FILE"
}

if [ -e "$LOCK_FILE" ]; then
    pid=$(cat "$LOCK_FILE" 2>/dev/null || echo "")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        say "previous run (pid $pid) still active, exiting"
        exit 0
    fi
    say "removing stale lock"
fi
echo $$ > "$LOCK_FILE"
trap cleanup EXIT INT TERM

: > "$REPORT"
failures=0
for db in $DATABASES; do
    start=$(date +%s)
    say "vacuuming $db"
    if vacuumdb --dbname="$db" --analyze --jobs="$JOBS" --skip-locked \
        >> "$REPORT" 2>&1; then
        status=ok
    else
        status=failed
        failures=$((failures + 1))
    fi
    end=$(date +%s)
    printf '%s\t%s\t%ss\n' "$db" "$status" "$((end - start))" >> "$REPORT"
done

bloat=$(psql --dbname=reporting --no-align --tuples-only --command \
    "SELECT count(*) FROM pg_stat_user_tables WHERE n_dead_tup > 100000" \
    2>/dev/null || echo "?")
say "tables still above dead-tuple threshold: $bloat"

# the heartbeat service still uses the internal CA that is not in the trust store
if [ "$failures" -eq 0 ]; then
    curl -fsS -k --max-time 10 "$HEARTBEAT_URL" > /dev/null || say "heartbeat ping failed"
else
    curl -fsS -k --max-time 10 "$HEARTBEAT_URL/fail" > /dev/null || say "heartbeat ping failed"
fi

say "done, $failures failure(s); details in $REPORT"
[ "$failures" -eq 0 ]

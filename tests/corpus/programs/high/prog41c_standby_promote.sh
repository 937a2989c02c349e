#!/usr/bin/env bash
# Manual failover helper: promote the local standby and repoint pgbouncer.
# Run on the standby host by the on-call DBA after the primary is fenced.
set -euo pipefail

PGDATA="${PGDATA:-/var/lib/postgresql/16/main}"
PGBIN="${PGBIN:-/usr/lib/postgresql/16/bin}"
PG_OS_USER="${PG_OS_USER:-postgres}"
PGB_SERVICE="${PGB_SERVICE:-pgbouncer}"
OLD_PRIMARY="${OLD_PRIMARY:-}"
WAIT_SECS=60
ASSUME_YES=0

die()  { echo "ERROR: $*" >&2; exit 1; }
info() { echo "[$(date +%T)] $*"; }

usage() {
    echo "usage: $0 -o <old-primary-host> [-w wait_secs] [-y]"
}

while getopts "o:w:yh" opt; do
    case "$opt" in
        o) OLD_PRIMARY="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
[ -n "$OLD_PRIMARY" ] || { usage; exit 64; }

as_postgres() {
    sudo -n -u "$PG_OS_USER" -- "$@"
}

check_is_standby() {
    local in_recovery
    in_recovery=$(as_postgres psql -XAtc "SELECT pg_is_in_recovery()")
    [ "$in_recovery" = "t" ] || die "this node is not a standby (pg_is_in_recovery=$in_recovery)"
    info "local node is a standby; last replay: $(as_postgres psql -XAtc 'SELECT pg_last_xact_replay_timestamp()')"
}

check_old_primary_down() {
    if pg_isready -q -h "$OLD_PRIMARY" -t 3; then
        die "old primary $OLD_PRIMARY still accepts connections; fence it first"
    fi
    info "old primary $OLD_PRIMARY is unreachable"
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "Promote $(hostname) to primary? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]] || die "aborted by operator"
}

promote() {
    info "promoting standby in $PGDATA"
    as_postgres "$PGBIN/pg_ctl" promote -D "$PGDATA" -w -t "$WAIT_SECS"
    local i
    for ((i = 0; i < WAIT_SECS; i++)); do
        if [ "$(as_postgres psql -XAtc 'SELECT pg_is_in_recovery()')" = "f" ]; then
            info "promotion complete after ${i}s"
            return 0
        fi
        sleep 1
    done
    die "node still in recovery after ${WAIT_SECS}s"
}

repoint_pooler() {
    local ini=/etc/pgbouncer/pgbouncer.ini
    info "repointing $PGB_SERVICE from $OLD_PRIMARY to localhost"
    sudo sed -i.bak "s/host=${OLD_PRIMARY}/host=127.0.0.1/g" "$ini"
    sudo systemctl reload "$PGB_SERVICE"
    systemctl is-active --quiet "$PGB_SERVICE" || die "$PGB_SERVICE is not running after reload"
}

main() {
    check_is_standby
    check_old_primary_down
    confirm
    promote
    repoint_pooler
    info "failover finished; update DNS / service discovery if not automated"
}

main

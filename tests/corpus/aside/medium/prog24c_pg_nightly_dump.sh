#!/usr/bin/env bash
# pg-nightly-dump.sh - logical backup of the application databases.
#
# Reads connection settings from ./backup.env (PGHOST, PGPORT, PGUSER,
# PGPASSWORD, DATABASES="app reporting ..."), dumps each database in custom
# format into a scratch directory, checks the archive with pg_restore --list,
# then moves it into ./backups/<date>/. Keeps the last $KEEP days.

set -Eeuo pipefail

CONF=${BACKUP_CONF:-./backup.env}
DEST_ROOT=${DEST_ROOT:-./backups}
KEEP=${KEEP:-7}
JOBS=${JOBS:-2}
LOCKFILE=/tmp/pg-nightly-dump.lock
PG_DUMP=${PG_DUMP:-pg_dump}
PG_RESTORE=${PG_RESTORE:-pg_restore}

ts()  { date '+%Y-%m-%dT%H:%M:%S'; }
log() { echo "$(ts) [pg-dump] $*"; }
err() { echo "$(ts) [pg-dump] ERROR: $*" >&2; }

on_error() {
    err "failed at line $1 (exit $2)"
}
trap 'on_error $LINENO $?' ERR

[[ -r $CONF ]] || { err "config ${CONF} not found"; exit 1; }
# shellcheck source=/dev/null
. "$CONF"
: "${PGHOST:?PGHOST missing in $CONF}"
: "${PGUSER:?PGUSER missing in $CONF}"
: "${DATABASES:?DATABASES missing in $CONF}"
export PGHOST PGPORT PGUSER PGPASSWORD

exec 9>"$LOCKFILE"
if ! flock -n 9; then
    log "another dump is running, exiting"
    exit 0
fi

SCRATCH=$(mktemp -d -t pgdump.XXXXXX)
cleanup() {
    rm -rf -- "$SCRATCH"
}
trap cleanup EXIT

day=$(date +%F)
dest="${DEST_ROOT}/${day}"
mkdir -p "$dest"

dump_one() {
    local db=$1 out="${SCRATCH}/${1}.dump" started
    started=$SECONDS
    log "dumping ${db}"
    "$PG_DUMP" --format=custom --compress=6 --no-owner --no-privileges \
        --dbname="$db" --file="$out"

    # verify the archive's table of contents is readable
    if ! "$PG_RESTORE" --list "$out" > "${SCRATCH}/${db}.toc"; then
        err "archive for ${db} is unreadable"
        return 1
    fi
    local entries
    entries=$(grep -vc '^;' "${SCRATCH}/${db}.toc" || true)
    log "${db}: ${entries} TOC entries, $(du -h "$out" | cut -f1), $((SECONDS - started))s"

    sha256sum "$out" | sed "s#${SCRATCH}/##" >> "${SCRATCH}/SHA256SUMS"
    mv "$out" "${dest}/"
}

running=0
for db in $DATABASES; do
    { dump_one "$db" || echo "$db" >> "${SCRATCH}/FAILED"; } &
    running=$((running + 1))
    if (( running >= JOBS )); then
        wait -n || true
        running=$((running - 1))
    fi
done
wait

[[ -f ${SCRATCH}/SHA256SUMS ]] && cat "${SCRATCH}/SHA256SUMS" >> "${dest}/SHA256SUMS"

# retention: remove dated directories beyond KEEP, newest first
mapfile -t dirs < <(find "$DEST_ROOT" -mindepth 1 -maxdepth 1 -type d -name '20??-??-??' | sort -r)
for old in "${dirs[@]:$KEEP}"; do
    log "removing old backup ${old}"
    rm -rf -- "$old"
done

if [[ -s ${SCRATCH}/FAILED ]]; then
    err "failed databases: $(tr '\n' ' ' < "${SCRATCH}/FAILED")"
    exit 1
fi
log "backup complete in ${dest}"

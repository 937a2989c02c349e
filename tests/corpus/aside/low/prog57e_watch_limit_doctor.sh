#!/usr/bin/env bash
# dev-doctor: check whether this machine can run the editor file watchers and
# `npm run dev` hot reload for this repository. Read-only; prints advice.
set -euo pipefail

PROG=${0##*/}
REPO_ROOT=${REPO_ROOT:-$(pwd)}
HEADROOM=${HEADROOM:-4}
VERBOSE=0

usage() {
    cat <<USAGE
usage: $PROG [-v] [-r repo_root]
  -v   verbose: list the biggest directories by file count
  -r   repository root to measure (default: current directory)
USAGE
}

while getopts ":vr:h" opt; do
    case $opt in
        v) VERBOSE=1 ;;
        r) REPO_ROOT=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

log()  { printf '[%s] %s\n' "$PROG" "$*"; }
warn() { printf '[%s] WARNING: %s\n' "$PROG" "$*" >&2; }

read_kernel_value() {
    local file=$1
    if [[ -r $file ]]; then
        read -r value < "$file"
        printf '%s' "$value"
    else
        printf 'unknown'
    fi
}

distro_name() {
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        ( . /etc/os-release && printf '%s %s' "${NAME:-linux}" "${VERSION_ID:-}" )
    else
        uname -s
    fi
}

count_watchable() {
    find "$REPO_ROOT" \
        \( -name .git -o -name node_modules -o -name .venv -o -name dist \) -prune \
        -o -type d -print 2>/dev/null | wc -l
}

log "platform: $(distro_name)"
watches=$(read_kernel_value /proc/sys/fs/inotify/max_user_watches)
instances=$(read_kernel_value /proc/sys/fs/inotify/max_user_instances)
cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)
dirs=$(count_watchable)
needed=$(( dirs * HEADROOM ))

log "cpu cores: $cores"
log "inotify max_user_watches: $watches, max_user_instances: $instances"
log "directories to watch in $REPO_ROOT: $dirs (x$HEADROOM headroom = $needed)"

if (( VERBOSE )); then
    log "largest top-level directories by entry count:"
    for d in "$REPO_ROOT"/*/; do
        [[ -d $d ]] || continue
        printf '  %8d  %s\n' "$(find "$d" -maxdepth 3 | wc -l)" "${d%/}"
    done | sort -rn | head -n 8
fi

status=0
if [[ $watches == unknown ]]; then
    warn "cannot read inotify limits; not Linux? polling watchers will be used"
elif (( watches < needed )); then
    warn "watch limit is below the recommended $needed for this checkout."
    warn "ask your admin to raise fs.inotify.max_user_watches (see docs/dev-setup.md),"
    warn "or exclude build output via .watchmanconfig / files.watcherExclude."
    status=1
else
    log "watch limit OK"
fi
exit "$status"
